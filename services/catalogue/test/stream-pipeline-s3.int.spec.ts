import { createLogger, UnitOfWork } from '@lbf/service-kit';
import { createDecipheriv } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer as readAll } from 'node:stream/consumers';
import { playlistSegments } from '../src/media/processing/hls-playlists';
import { buildStream } from '../src/media/processing/stream-video';
import { BUNDLED_FFMPEG, runFfmpeg } from '../src/media/processing/ffmpeg';
import { hlsObjectKey, hlsVideoPrefix, sequenceIv } from '../src/media/processing/hls-layout';
import { MinioStore } from '../src/media/storage/minio-store';
import { startLocalS3, type LocalS3 } from './factories/s3';
import { setupCatalogue, type CatalogueTestContext } from './harness';

/** The same build with the MinIO/S3 adapter: ffmpeg reads the source through a presigned URL, the files go to the bucket. */
let t: CatalogueTestContext;
let s3: LocalS3;
let store: MinioStore;

beforeAll(async () => {
  s3 = await startLocalS3('stream');
  store = new MinioStore(s3.config);
  await store.init();
  t = await setupCatalogue();
}, 60_000);

afterAll(async () => {
  await t?.teardown();
  await s3?.close();
});

it('builds the ladder from and into S3 storage, and deletes the folder with the video', async () => {
  const out = join(s3.dir, 'clip.mp4');
  const r = await runFfmpeg(BUNDLED_FFMPEG, [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc=s=640x360:r=25:d=12', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', out,
  ]);
  if (r.code !== 0) throw new Error(r.stderr);
  const id = await t.insertVideo({ title: 'Leçon sur S3' });
  await store.put('videos', `test-${id}.mp4`, await readFile(out), { contentType: 'video/mp4' });
  // Recently touched, so the running service's sweep (local disk) leaves it to this test.
  await t.sql.query(
    `UPDATE catalogue.videos SET processing_state = 'pending', processing_version = 1, processing_updated_at = now(), published_at = NULL WHERE id = $1`,
    [id],
  );

  const deps = {
    ds: t.app.ds,
    uow: new UnitOfWork(t.app.ds, 'catalogue'),
    store,
    log: createLogger('stream-s3-test', 'silent'),
    ffmpegPath: BUNDLED_FFMPEG,
    after: { deleteStreamFiles: async (prefix: string) => void (await store.deletePrefix('videos', prefix)) },
  };
  expect(await buildStream(deps, id, 1)).toBe('ready');
  const row = (await t.sql.query('SELECT * FROM catalogue.videos WHERE id = $1', [id])).rows[0];
  expect(row.processing_state).toBe('ready');
  expect(row.published_at).not.toBeNull();
  // Silent source: the audio rendition is generated silence, so every ladder has the same shape.
  expect(row.hls_renditions.map((x: { name: string }) => x.name)).toEqual(['234p', '360p', 'audio']);

  const master = (await readAll(await store.read('videos', hlsObjectKey(id, 1, 'full', 'master.m3u8')))).toString();
  expect(master).toContain('RESOLUTION=640x360');
  const playlist = (await readAll(await store.read('videos', hlsObjectKey(id, 1, 'full', '360p/index.m3u8')))).toString();
  const [{ key }] = (await t.sql.query('SELECT key FROM catalogue.video_keys WHERE video_id = $1', [id])).rows;
  const segments = playlistSegments(playlist);
  const last = segments.length - 1;
  const stored = await readAll(await store.read('videos', hlsObjectKey(id, 1, 'full', `360p/${segments[last]!.uri}`)));
  const d = createDecipheriv('aes-128-cbc', key, sequenceIv(last));
  expect(['moof', 'styp']).toContain(Buffer.concat([d.update(stored), d.final()]).subarray(4, 8).toString('latin1'));
  expect(await store.stat('videos', hlsObjectKey(id, 1, 'preview', 'audio/init.mp4'))).not.toBeNull();

  expect(await store.deletePrefix('videos', hlsVideoPrefix(id))).toBeGreaterThan(10);
  expect(await store.stat('videos', hlsObjectKey(id, 1, 'full', 'master.m3u8'))).toBeNull();
}, 60_000);
