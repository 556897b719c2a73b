import { grant } from './factories/entitlements';
import { decryptSegment, writeHlsFixture } from './factories/playback';
import { startLocalS3, type LocalS3 } from './factories/s3';
import { setupCatalogue, type CatalogueTestContext } from './harness';

/** With S3 the browser never talks to the bucket for playback: the catalogue reads it behind the session's token. */
let s3: LocalS3;
let t: CatalogueTestContext;

beforeAll(async () => {
  s3 = await startLocalS3('playback');
  t = await setupCatalogue({ s3: s3.config });
});

afterAll(async () => {
  await t?.teardown();
  await s3?.close();
});

it('serves a session’s playlists and ranged segments from the S3 store, and the key to its buyer', async () => {
  const videoId = await t.insertVideo({ title: 'Yoga doux' });
  const fix = await writeHlsFixture(t, videoId);
  const buyer = t.newUser();
  await grant(t, buyer.userId, videoId);
  const res = await t.as<{ startPlayback: { session: { manifestUrl: string } } }>(
    buyer.token,
    'mutation($id: ID!) { startPlayback(videoId: $id) { session { manifestUrl } } }',
    { id: videoId },
  );
  const manifest = t.abs(res.data!.startPlayback.session.manifestUrl);
  const master = await t.fetch(manifest);
  expect(master.status).toBe(200);
  expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');

  const segUrl = manifest.replace('master.m3u8', '234p/seg_00002.m4s');
  const whole = Buffer.from(await (await t.fetch(segUrl)).arrayBuffer());
  const part = await t.fetch(segUrl, { headers: { range: 'bytes=0-15' } });
  expect(part.status).toBe(206);
  expect(Buffer.from(await part.arrayBuffer()).equals(whole.subarray(0, 16))).toBe(true);

  const key = await t.fetch(manifest.replace('master.m3u8', 'key'), { headers: { authorization: `Bearer ${buyer.token}` } });
  expect(key.status).toBe(200);
  expect(decryptSegment(Buffer.from(await key.arrayBuffer()), 2, whole).equals(fix.plain('full', '234p', 2))).toBe(true);
  expect((await t.fetch(manifest.replace('master.m3u8', 'key'))).status).toBe(401);
});
