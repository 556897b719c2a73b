import { createDecipheriv, randomBytes } from 'node:crypto';
import { encryptSegment, hlsObjectKey, keyTag, segmentName, sequenceIv, type RenditionInfo, type StreamScope } from '../../src/media/processing/hls-layout';
import type { ObjectStore } from '../../src/media/storage';
import type { CatalogueTestContext } from '../harness';

/**
 * A video's streaming files as the pipeline would leave them, written straight into the store:
 * small playlists, an init file and a few segments per rendition (the full ladder's encrypted with
 * the video's key, the preview's clear), the key in video_keys, and the video's columns pointing at
 * the version. The segments' clear bytes say what they are, so a test can tell whose bytes it got.
 */
export interface HlsFixture {
  videoId: string;
  version: number;
  key: Buffer;
  /** The clear bytes of segment `i` of a rendition in a scope. */
  plain(scope: StreamScope, rendition: string, i: number): Buffer;
}

const SEGMENTS = 3;
const BANDWIDTH: Record<string, number> = { '234p': 200_000, '360p': 420_000, '480p': 800_000, '720p': 1_900_000, audio: 52_000 };
const HEIGHT: Record<string, number | null> = { '234p': 234, '360p': 360, '480p': 480, '720p': 720, audio: null };

export function plainSegment(videoId: string, version: number, scope: StreamScope, rendition: string, i: number): Buffer {
  // Not a multiple of 16, so the padding is exercised.
  return Buffer.from(`segment ${i} of ${rendition} ${scope} v${version} ${videoId} `.repeat(7) + 'fin');
}

function mediaPlaylist(encrypted: boolean): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-TARGETDURATION:2', '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
  lines.push('#EXT-X-MAP:URI="init.mp4"');
  if (encrypted) lines.push(keyTag());
  for (let i = 0; i < SEGMENTS; i++) lines.push('#EXTINF:2.000000,', segmentName(i));
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}

function masterPlaylist(renditions: string[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS'];
  lines.push('#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",NAME="audio",DEFAULT=YES,AUTOSELECT=YES,URI="audio/index.m3u8"');
  for (const r of renditions.filter((n) => n !== 'audio')) {
    lines.push(`#EXT-X-STREAM-INF:BANDWIDTH=${BANDWIDTH[r]},CODECS="avc1.4d401e,mp4a.40.2",AUDIO="aud"`, `${r}/index.m3u8`);
  }
  lines.push('');
  return lines.join('\n');
}

async function writeScope(store: ObjectStore, videoId: string, version: number, scope: StreamScope, renditions: string[], key: Buffer): Promise<RenditionInfo[]> {
  const put = (path: string, body: Buffer, contentType: string) => store.put('videos', hlsObjectKey(videoId, version, scope, path), body, { contentType });
  await put('master.m3u8', Buffer.from(masterPlaylist(renditions)), 'application/vnd.apple.mpegurl');
  const infos: RenditionInfo[] = [];
  for (const r of renditions) {
    let bytes = 0;
    const init = Buffer.from(`init of ${r} ${scope}`);
    await put(`${r}/init.mp4`, init, 'video/mp4');
    bytes += init.length;
    await put(`${r}/index.m3u8`, Buffer.from(mediaPlaylist(scope === 'full')), 'application/vnd.apple.mpegurl');
    for (let i = 0; i < SEGMENTS; i++) {
      const plain = plainSegment(videoId, version, scope, r, i);
      const body = scope === 'full' ? encryptSegment(key, i, plain) : plain;
      await put(`${r}/${segmentName(i)}`, body, 'video/mp4');
      bytes += body.length;
    }
    infos.push({ name: r, width: null, height: HEIGHT[r] ?? null, bandwidth: BANDWIDTH[r]!, bytes });
  }
  return infos;
}

/**
 * Writes version `version` of a video's ladder and preview and switches the video to it (unless
 * `switchTo` is false). The key is the video's (kept across versions, made on the first call).
 */
export async function writeHlsFixture(
  t: CatalogueTestContext,
  videoId: string,
  opts: { version?: number; full?: string[]; preview?: string[]; previewSeconds?: number; durationSeconds?: number; switchTo?: boolean } = {},
): Promise<HlsFixture> {
  const version = opts.version ?? 1;
  const existing = await t.sql.query('SELECT key FROM catalogue.video_keys WHERE video_id = $1', [videoId]);
  const key: Buffer = existing.rows[0]?.key ?? randomBytes(16);
  if (!existing.rows.length) await t.sql.query('INSERT INTO catalogue.video_keys (video_id, key) VALUES ($1, $2)', [videoId, key]);
  const full = await writeScope(t.app.store, videoId, version, 'full', opts.full ?? ['234p', '360p', 'audio'], key);
  const preview = await writeScope(t.app.store, videoId, version, 'preview', opts.preview ?? ['234p', 'audio'], key);
  if (opts.switchTo !== false) {
    await t.sql.query(
      `UPDATE catalogue.videos SET hls_version = $2, hls_renditions = $3::jsonb, preview_renditions = $4::jsonb, hls_preview_seconds = $5,
         duration_seconds = $6, processing_state = 'ready', processing_progress = 100 WHERE id = $1`,
      [videoId, version, JSON.stringify(full), JSON.stringify(preview), preview.length ? (opts.previewSeconds ?? 60) : null, opts.durationSeconds ?? 600],
    );
  }
  return { videoId, version, key, plain: (scope, r, i) => plainSegment(videoId, version, scope, r, i) };
}

export function decryptSegment(key: Buffer, sequence: number, data: Buffer): Buffer {
  const d = createDecipheriv('aes-128-cbc', key, sequenceIv(sequence));
  return Buffer.concat([d.update(data), d.final()]);
}

/** The health-data consents read model as identity's consent_changed events leave it (given by default), written by the test. */
export async function healthConsent(t: CatalogueTestContext, userId: string, given = true): Promise<void> {
  await t.sql.query(
    `INSERT INTO catalogue.health_data_consents (user_id, given, changed_at) VALUES ($1, $2, now())
     ON CONFLICT (user_id) DO UPDATE SET given = EXCLUDED.given, changed_at = EXCLUDED.changed_at`,
    [userId, given],
  );
}
