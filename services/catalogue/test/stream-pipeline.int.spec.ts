import { until } from '@lbf/service-kit/testing';
import { createDecipheriv } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildStream } from '../src/media/processing/stream-video';
import { BUNDLED_FFMPEG } from '../src/media/processing/ffmpeg';
import { sequenceIv } from '../src/media/processing/hls-layout';
import { playlistSegments } from '../src/media/processing/hls-playlists';
import { createVideoFrom, makeClip } from './factories/media';
import { setupCatalogue, type CatalogueTestContext } from './harness';

let t: CatalogueTestContext;
let clip: Buffer;

const PROCESSING = `query($id: ID!) { video(id: $id) { id durationSeconds thumbnailUrl publishedAt previewSeconds processing { state progress error updatedAt } } }`;
const RETRY = `mutation($id: ID!) { retryVideoProcessing(id: $id) { video { id processing { state progress } } error { code message } } }`;

type Processing = { state: string; progress: number; error: string | null; updatedAt: string | null };
type VideoView = { id: string; durationSeconds: number | null; thumbnailUrl: string | null; publishedAt: string | null; previewSeconds: number; processing: Processing | null };

const row = async (id: string) => (await t.sql.query('SELECT * FROM catalogue.videos WHERE id = $1', [id])).rows[0];
const versionDir = (id: string, v: number) => join(t.mediaDir, 'videos', 'hls', id, `v${v}`);
const read = (id: string, v: number, path: string) => readFile(join(versionDir(id, v), path));

/** Every file under `dir` (relative paths), the store's metadata files left out. */
async function filesUnder(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && !e.name.endsWith('.meta.json') && !e.name.startsWith('.')) out.push(join(e.parentPath, e.name).slice(dir.length + 1));
  }
  return out.sort();
}

async function video(id: string): Promise<VideoView> {
  const r = await t.asAdmin<{ video: VideoView }>(PROCESSING, { id });
  return r.data!.video;
}

const createFromClip = (title: string, bytes: Buffer, previewSeconds?: number) => createVideoFrom(t, bytes, { title, previewSeconds });

beforeAll(async () => {
  // 16 s of 640x360 test pattern at 25 fps with a tone: two rungs (234p, 360p) and real audio.
  clip = await makeClip('testsrc=s=640x360:r=25:d=16', 'sine=frequency=440:duration=16');
  t = await setupCatalogue({ videoSweepEveryMs: 1000, videoSweepAfterMs: 2000 });
  for (const s of ['catalogue.item.published', 'catalogue.item.updated', 'catalogue.item.deleted'] as const) t.events.listen(s);
}, 60_000);

afterAll(async () => {
  await t?.teardown();
});

describe('the streaming pipeline of an uploaded video', () => {
  let id: string;

  it('creates the video pending and unpublished: not listed nor found for customers, listed for administrators', async () => {
    id = await createFromClip('Leçon en streaming', clip, 10);
    const r = await row(id);
    expect(r.published_at).toBeNull();
    expect(r.processing_version).toBe(1);
    expect(t.events.find('catalogue.item.published', (d) => d.itemId === id)).toBeUndefined();
    const asCustomer = await t.asCustomer<{ video: unknown; videos: { items: Array<{ id: string }> } }>(
      `query($id: ID!) { video(id: $id) { id } videos(pageSize: 50) { items { id } } }`,
      { id },
    );
    expect(asCustomer.data!.video).toBeNull();
    expect(asCustomer.data!.videos.items.map((v) => v.id)).not.toContain(id);
    const asAdmin = await t.asAdmin<{ videos: { items: Array<{ id: string; processing: Processing | null }> } }>(`{ videos(pageSize: 50) { items { id processing { state } } } }`);
    expect(asAdmin.data!.videos.items.map((v) => v.id)).toContain(id);
    const forCustomer = await t.asCustomer<{ videos: { items: Array<{ processing: unknown }> } }>(`{ videos(pageSize: 50) { items { processing { state } } } }`);
    for (const v of forCustomer.data!.videos.items) expect(v.processing).toBeNull();
  });

  it('reports live progress, then READY at 100 % with the duration, a thumbnail and the video published with its event', async () => {
    const seen = new Set<number>();
    const done = await until(
      async () => {
        const v = await video(id);
        if (v.processing!.state === 'PROCESSING') seen.add(v.processing!.progress);
        if (v.processing!.state === 'FAILED') throw new Error(`failed: ${v.processing!.error}`);
        return v.processing!.state === 'READY' ? v : null;
      },
      60_000,
      'the ladder',
    );
    expect(done.processing).toMatchObject({ state: 'READY', progress: 100, error: null });
    expect(done.durationSeconds).toBe(16);
    expect(done.thumbnailUrl).toBeTruthy();
    expect((await t.fetch(t.abs(done.thumbnailUrl!))).status).toBe(200);
    expect(done.publishedAt).not.toBeNull();
    expect(done.previewSeconds).toBe(10);
    const published = await until(() => t.events.find('catalogue.item.published', (d) => d.itemId === id), 5000, 'catalogue.item.published');
    expect(published.data).toMatchObject({ itemType: 'video', title: 'Leçon en streaming' });
    const r = await row(id);
    expect(r.hls_version).toBe(1);
    expect(r.hls_preview_seconds).toBe(10);
    expect(r.hls_renditions.map((x: { name: string }) => x.name)).toEqual(['234p', '360p', 'audio']);
    for (const x of r.hls_renditions) expect(x.bytes).toBeGreaterThan(1000);
    expect(r.preview_renditions.map((x: { name: string }) => x.name)).toEqual(['234p', '360p', 'audio']);
    // Customers now find it.
    const c = await t.asCustomer<{ video: { id: string } | null }>(`query($id: ID!) { video(id: $id) { id } }`, { id });
    expect(c.data!.video).toEqual({ id });
  });

  it('writes our master playlist: the audio group and one variant per rung, lowest first', async () => {
    const master = (await read(id, 1, 'full/master.m3u8')).toString();
    expect(master).toMatch(/#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aud",[^\n]*URI="audio\/index\.m3u8"/);
    const inf = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]+)\n([^\n]+)/g)].map((m) => ({ attrs: m[1]!, uri: m[2]! }));
    expect(inf.map((i) => i.uri)).toEqual(['234p/index.m3u8', '360p/index.m3u8']);
    expect(inf[0]!.attrs).toMatch(/BANDWIDTH=\d+,AVERAGE-BANDWIDTH=\d+,RESOLUTION=416x234,CODECS="avc1\.4d[0-9a-f]{4},mp4a\.40\.2",AUDIO="aud"/);
    expect(inf[1]!.attrs).toMatch(/RESOLUTION=640x360/);
  });

  it('encrypts every full segment with the video key and its media sequence as IV; the playlists carry the key line after EXT-X-MAP', async () => {
    const [{ key }] = (await t.sql.query('SELECT key FROM catalogue.video_keys WHERE video_id = $1', [id])).rows;
    expect(key).toHaveLength(16);
    for (const name of ['234p', '360p', 'audio']) {
      const playlist = (await read(id, 1, `full/${name}/index.m3u8`)).toString();
      const lines = playlist.split('\n');
      const map = lines.findIndex((l) => l.startsWith('#EXT-X-MAP:'));
      expect(lines[map + 1]).toBe('#EXT-X-KEY:METHOD=AES-128,URI="../key"');
      const segments = playlistSegments(playlist);
      const total = segments.reduce((s, x) => s + x.duration, 0);
      expect(total).toBeGreaterThan(15);
      expect(total).toBeLessThan(17);
      const init = await read(id, 1, `full/${name}/init.mp4`);
      expect(init.subarray(4, 8).toString('latin1')).toBe('ftyp');
      for (const [i, s] of segments.entries()) {
        const stored = await read(id, 1, `full/${name}/${s.uri}`);
        // Encrypted: no clear MP4 box at the start.
        expect(['moof', 'styp']).not.toContain(stored.subarray(4, 8).toString('latin1'));
        const d = createDecipheriv('aes-128-cbc', key, sequenceIv(i));
        const clear = Buffer.concat([d.update(stored), d.final()]);
        expect(['moof', 'styp']).toContain(clear.subarray(4, 8).toString('latin1'));
      }
    }
  });

  it('stores the bytes of each rendition as the sum of its stored init and segments, and Video.renditions gives them before any purchase', async () => {
    const r = await row(id);
    const sizeOf = async (folder: string, name: string) => {
      const segments = playlistSegments((await read(id, 1, `${folder}/${name}/index.m3u8`)).toString());
      const files = ['init.mp4', ...segments.map((s) => s.uri)];
      const sizes = await Promise.all(files.map(async (f) => (await stat(join(versionDir(id, 1), folder, name, f))).size));
      return sizes.reduce((a, b) => a + b, 0);
    };
    for (const x of r.hls_renditions as Array<{ name: string; bytes: number }>) expect(x.bytes).toBe(await sizeOf('full', x.name));
    for (const x of r.preview_renditions as Array<{ name: string; bytes: number }>) expect(x.bytes).toBe(await sizeOf('preview', x.name));
    const audio = await sizeOf('full', 'audio');
    const answer = await t.asCustomer<{ video: { purchased: boolean; renditions: Array<{ name: string; bytes: number; megabytes: number }> } }>(
      `query($id: ID!) { video(id: $id) { purchased renditions { name bytes megabytes } } }`,
      { id },
    );
    expect(answer.data!.video.purchased).toBe(false);
    expect(answer.data!.video.renditions).toEqual([
      { name: '234p', bytes: (await sizeOf('full', '234p')) + audio, megabytes: expect.any(Number) },
      { name: '360p', bytes: (await sizeOf('full', '360p')) + audio, megabytes: expect.any(Number) },
      { name: 'audio', bytes: audio, megabytes: Math.round(audio / 1e5) / 10 },
    ]);
  });

  it('stores the preview in the clear, about previewSeconds long, under preview/', async () => {
    const master = (await read(id, 1, 'preview/master.m3u8')).toString();
    expect(master).toContain('234p/index.m3u8');
    for (const name of ['234p', '360p', 'audio']) {
      const playlist = (await read(id, 1, `preview/${name}/index.m3u8`)).toString();
      expect(playlist).not.toContain('EXT-X-KEY');
      expect(playlist.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const segments = playlistSegments(playlist);
      const total = segments.reduce((s, x) => s + x.duration, 0);
      expect(total).toBeGreaterThanOrEqual(9.9);
      expect(total).toBeLessThan(12.5);
      for (const s of segments) {
        const seg = await read(id, 1, `preview/${name}/${s.uri}`);
        expect(['moof', 'styp']).toContain(seg.subarray(4, 8).toString('latin1'));
      }
    }
    const files = await filesUnder(versionDir(id, 1));
    // Only the preview's own segments, nothing beyond previewSeconds.
    expect(files.filter((f) => f.startsWith('preview/234p/seg_')).length).toBe(playlistSegments((await read(id, 1, 'preview/234p/index.m3u8')).toString()).length);
  });

  it('does nothing when the same version runs again (no change, no new files)', async () => {
    const before = await row(id);
    const files = await filesUnder(join(t.mediaDir, 'videos', 'hls', id));
    const deps = jobDeps();
    expect(await buildStream(deps, id, 1)).toBe('already built');
    // The job again through the queue, under its deterministic id.
    await t.app.jobs.buildStream(id, 1);
    await new Promise((r) => setTimeout(r, 1500));
    const after = await row(id);
    expect(after.processing_updated_at).toEqual(before.processing_updated_at);
    expect(after.hls_version).toBe(1);
    expect(await filesUnder(join(t.mediaDir, 'videos', 'hls', id))).toEqual(files);
  });

  it('a new preview length builds a new version; the old one is served until the switch, then deleted', async () => {
    const res = await t.asAdmin<{ updateVideo: { video: { previewSeconds: number } | null; error: unknown } }>(
      `mutation($id: ID!) { updateVideo(id: $id, input: { previewSeconds: 12 }) { video { previewSeconds } error { code message } } }`,
      { id },
    );
    expect(res.data!.updateVideo.error).toBeNull();
    expect((await row(id)).processing_version).toBe(2);
    await until(async () => (await row(id)).hls_version === 2, 60_000, 'version 2');
    const r = await row(id);
    expect(r.processing_state).toBe('ready');
    expect(r.published_at).not.toBeNull();
    expect(r.hls_preview_seconds).toBe(12);
    await until(() => !existsSync(versionDir(id, 1)), 5000, 'v1 deleted');
    expect(existsSync(join(versionDir(id, 2), 'full', 'master.m3u8'))).toBe(true);
    // Same key for every version.
    expect((await t.sql.query('SELECT count(*)::int AS n FROM catalogue.video_keys WHERE video_id = $1', [id])).rows[0].n).toBe(1);
    const bad = await t.asAdmin<{ updateVideo: { error: { field: string; message: string } | null } }>(
      `mutation($id: ID!) { updateVideo(id: $id, input: { previewSeconds: 5 }) { error { field message } } }`,
      { id },
    );
    expect(bad.data!.updateVideo.error).toMatchObject({ field: 'previewSeconds', message: "La durée de l'aperçu doit être un nombre entier de secondes entre 10 et 600." });
  });

  it('deleting the video deletes its streaming folder', async () => {
    const res = await t.asAdmin<{ deleteVideo: { ok: boolean } }>(`mutation($id: ID!) { deleteVideo(id: $id) { ok } }`, { id });
    expect(res.data!.deleteVideo.ok).toBe(true);
    expect(existsSync(join(t.mediaDir, 'videos', 'hls', id))).toBe(false);
    // A job for the deleted video ends quietly.
    expect(await buildStream(jobDeps(), id, 3)).toBe('gone');
  });
});

describe('a file ffmpeg cannot read', () => {
  it('ends FAILED with a French reason; a retry after the file is fixed builds it', async () => {
    // Passes the upload's sniffing (an MP4 header) but holds no playable video.
    const corrupt = Buffer.concat([clip.subarray(0, 32), Buffer.alloc(20_000, 7)]);
    const id = await createFromClip('Fichier abîmé', corrupt);
    const failed = await until(async () => ((await video(id)).processing!.state === 'FAILED' ? video(id) : null), 30_000, 'FAILED');
    expect(failed.processing!.error).toBe('Le fichier vidéo est illisible.');
    expect(failed.publishedAt).toBeNull();
    expect(existsSync(join(t.mediaDir, 'videos', 'hls', id))).toBe(false);

    // Not on sale yet: an edit publishes nothing to other services; the publication will carry it.
    const renamed = await t.asAdmin<{ updateVideo: { error: unknown } }>(`mutation($id: ID!) { updateVideo(id: $id, input: { title: "Fichier réparé", price: "4.50" }) { error { message } } }`, { id });
    expect(renamed.data!.updateVideo.error).toBeNull();

    // Customers cannot retry; administrators can.
    const refused = await t.asCustomer(RETRY, { id });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // The administrator replaces nothing here: the test swaps the stored bytes for a good file.
    const r = await row(id);
    await t.app.store.put('videos', r.video_key, clip, { contentType: 'video/mp4' });
    const retried = await t.asAdmin<{ retryVideoProcessing: { video: { processing: Processing } | null; error: unknown } }>(RETRY, { id });
    expect(retried.data!.retryVideoProcessing.error).toBeNull();
    expect(retried.data!.retryVideoProcessing.video!.processing.state).toBe('PENDING');
    const ready = await until(async () => ((await video(id)).processing!.state === 'READY' ? video(id) : null), 60_000, 'READY after retry');
    expect(ready.publishedAt).not.toBeNull();
    expect((await row(id)).hls_version).toBe(2);
    const published = await until(() => t.events.find('catalogue.item.published', (d) => d.itemId === id), 5000, 'published');
    expect(published.data).toMatchObject({ title: 'Fichier réparé', priceCents: 450 });
    expect(t.events.find('catalogue.item.updated', (d) => d.itemId === id)).toBeUndefined();

    const unknown = await t.asAdmin<{ retryVideoProcessing: { error: { code: string; message: string } } }>(RETRY, { id: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.data!.retryVideoProcessing.error).toMatchObject({ code: 'NOT_FOUND', message: 'Vidéo introuvable.' });
  });
});

describe('the sweep', () => {
  it('builds a video left pending without a job (a seeded row)', async () => {
    const id = await t.insertVideo({ title: 'Ligne semée' });
    const r = await row(id);
    await t.app.store.put('videos', r.video_key, clip, { contentType: 'video/mp4' });
    await t.sql.query(`UPDATE catalogue.videos SET processing_state = 'pending', processing_version = NULL, processing_updated_at = NULL, published_at = NULL WHERE id = $1`, [id]);
    const ready = await until(async () => ((await video(id)).processing!.state === 'READY' ? video(id) : null), 60_000, 'READY from the sweep');
    expect(ready.publishedAt).not.toBeNull();
    expect((await row(id)).hls_version).toBe(1);
  });
});

function jobDeps() {
  return {
    ds: t.app.ds,
    uow: undefined as never,
    store: t.app.store,
    log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
    ffmpegPath: BUNDLED_FFMPEG,
    after: { deleteStreamFiles: async () => undefined },
  };
}
