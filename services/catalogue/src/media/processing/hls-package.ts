import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { AUDIO, type Rung } from './hls-ladder';
import { avcCodecOf, bitrates, masterPlaylist, playlistSegments, truncatePlaylist, withKeyTag, type MediaSegment } from './hls-playlists';
import type { ObjectStore } from '../storage';
import { encryptSegment, hlsObjectKey, keyTag, segmentName, type RenditionInfo, type StreamScope } from './hls-layout';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';
const AUDIO_CODEC = 'mp4a.40.2';
/** Uploads in flight at once (hundreds of small files per rendition). */
const PARALLEL_PUTS = 8;

interface EncodedRendition {
  name: string;
  width: number | null;
  height: number | null;
  playlist: string;
  init: Buffer;
  /** Read when uploaded, so a long video's segments are never all in memory. */
  segments: Array<MediaSegment & { path: string; size: number }>;
}

async function readRendition(dir: string, name: string, size: { width: number; height: number } | null): Promise<EncodedRendition> {
  const playlist = await readFile(join(dir, name, 'index.m3u8'), 'utf8');
  const listed = playlistSegments(playlist);
  if (!listed.length) throw new Error(`ffmpeg wrote no segment for ${name}`);
  const segments = await Promise.all(
    listed.map(async (s, i) => {
      // IV = media sequence = position in the playlist: the file names must follow it.
      if (s.uri !== segmentName(i)) throw new Error(`unexpected segment ${s.uri} at ${i} in ${name}`);
      const path = join(dir, name, s.uri);
      return { ...s, path, size: (await stat(path)).size };
    }),
  );
  return { name, width: size?.width ?? null, height: size?.height ?? null, playlist, init: await readFile(join(dir, name, 'init.mp4')), segments };
}

async function inParallel<T>(items: T[], n: number, fn: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

interface Upload {
  key: string;
  body: () => Promise<Buffer>;
  contentType: string;
}

/** Size of `n` bytes once AES-128-CBC encrypted with PKCS#7 padding (always 1 to 16 bytes more). */
function encryptedSize(n: number): number {
  return (Math.floor(n / 16) + 1) * 16;
}

export interface PackagedLadder {
  renditions: RenditionInfo[];
  /** Empty when previewSeconds is 0. */
  previewRenditions: RenditionInfo[];
  /** Seconds the preview's playlists actually cover (whole segments). */
  previewSeconds: number;
  files: number;
}

/**
 * Turns ffmpeg's output folder into a version's stored files: `full/` with every .m4s segment
 * AES-128 encrypted (IV = its media sequence) and the key line in each media playlist, `preview/`
 * with the first `previewSeconds` of the same segments in the clear (same keyframes, no second
 * encode), and a master playlist for each. Nothing unencrypted is ever written under `full/`.
 */
export async function packageLadder(args: {
  store: ObjectStore;
  videoId: string;
  version: number;
  dir: string;
  rungs: Array<Rung & { width: number }>;
  key: Buffer;
  previewSeconds: number;
  onProgress: (fraction: number) => void;
}): Promise<PackagedLadder> {
  const video = await Promise.all(args.rungs.map((r) => readRendition(args.dir, r.name, { width: r.width, height: r.height })));
  const audio = await readRendition(args.dir, AUDIO.name, null);
  // Each rung's own profile and level (x264 picks the level from the frame size and rate).
  const codecOf = (r: EncodedRendition) => avcCodecOf(r.init) ?? 'avc1.4d401f';

  const uploads: Upload[] = [];
  const build = (scope: StreamScope, seconds: number | null): { infos: RenditionInfo[]; covered: number } => {
    const put = (path: string, body: Buffer | (() => Promise<Buffer>), contentType: string) =>
      uploads.push({ key: hlsObjectKey(args.videoId, args.version, scope, path), body: typeof body === 'function' ? body : () => Promise.resolve(body), contentType });
    const cut = (r: EncodedRendition) => {
      if (seconds === null) return { playlist: withKeyTag(r.playlist, keyTag()), segments: r.segments };
      const t = truncatePlaylist(r.playlist, seconds);
      return { playlist: t.playlist, segments: r.segments.slice(0, t.segments.length) };
    };
    const stored = (r: EncodedRendition) => {
      const { playlist, segments } = cut(r);
      put(`${r.name}/index.m3u8`, Buffer.from(playlist), PLAYLIST_TYPE);
      put(`${r.name}/init.mp4`, r.init, 'video/mp4');
      let bytes = r.init.length;
      const sized = segments.map((s, i) => {
        const encrypted = seconds === null;
        put(`${r.name}/${s.uri}`, async () => (encrypted ? encryptSegment(args.key, i, await readFile(s.path)) : readFile(s.path)), 'video/iso.segment');
        const size = encrypted ? encryptedSize(s.size) : s.size;
        bytes += size;
        return { duration: s.duration, bytes: size };
      });
      return { bytes, rates: bitrates(sized), seconds: segments.reduce((t, s) => t + s.duration, 0) };
    };
    const a = stored(audio);
    const variants = video.map((v) => ({ v, s: stored(v) }));
    put(
      'master.m3u8',
      Buffer.from(
        masterPlaylist(
          variants.map(({ v, s }) => ({
            name: v.name,
            width: v.width!,
            height: v.height!,
            bandwidth: s.rates.peak + a.rates.peak,
            averageBandwidth: s.rates.average + a.rates.average,
            videoCodec: codecOf(v),
          })),
          { name: AUDIO.name, codec: AUDIO_CODEC },
        ),
      ),
      PLAYLIST_TYPE,
    );
    const infos: RenditionInfo[] = [
      ...variants.map(({ v, s }) => ({ name: v.name, width: v.width, height: v.height, bandwidth: s.rates.peak + a.rates.peak, bytes: s.bytes })),
      { name: AUDIO.name, width: null, height: null, bandwidth: a.rates.peak, bytes: a.bytes },
    ];
    return { infos, covered: Math.min(...variants.map(({ s }) => s.seconds)) };
  };

  const full = build('full', null);
  const preview = args.previewSeconds > 0 ? build('preview', args.previewSeconds) : null;
  let done = 0;
  await inParallel(uploads, PARALLEL_PUTS, async (u) => {
    await args.store.put('videos', u.key, await u.body(), { contentType: u.contentType });
    done++;
    if (done % 10 === 0 || done === uploads.length) args.onProgress(done / uploads.length);
  });
  return {
    renditions: full.infos,
    previewRenditions: preview?.infos ?? [],
    previewSeconds: preview ? Math.round(preview.covered) : 0,
    files: uploads.length,
  };
}
