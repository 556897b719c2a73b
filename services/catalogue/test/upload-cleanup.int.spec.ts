import { until } from '@lbf/service-kit/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeFixtures, putFile, requestUpload } from './factories/media';
import { setupCatalogue, type CatalogueTestContext } from './harness';

let t: CatalogueTestContext;
let files: Awaited<ReturnType<typeof makeFixtures>>;

beforeAll(async () => {
  files = await makeFixtures();
  // URLs valid 2 s, abandoned right after, cleanup job every 300 ms.
  t = await setupCatalogue({ uploadUrlTtlSeconds: 2, uploadRetentionSeconds: 0, uploadCleanupEveryMs: 300 });
});

afterAll(async () => {
  await t?.teardown();
});

describe('abandoned uploads', () => {
  it('are deleted by the cleanup job, row and object, while used uploads stay', async () => {
    const abandoned = await requestUpload(t, 'VIDEO', 'abandon.mp4', 'video/mp4', files.mp4.length);
    const used = await requestUpload(t, 'VIDEO', 'garde.mp4', 'video/mp4', files.mp4.length);
    expect((await putFile(t, abandoned.upload!, files.mp4)).status).toBe(200);
    expect((await putFile(t, used.upload!, files.mp4)).status).toBe(200);
    const keyOf = async (id: string) => (await t.sql.query('SELECT object_key FROM catalogue.pending_uploads WHERE id = $1', [id])).rows[0].object_key as string;
    const abandonedFile = join(t.mediaDir, 'videos', await keyOf(abandoned.upload!.uploadId));
    const usedFile = join(t.mediaDir, 'videos', await keyOf(used.upload!.uploadId));
    expect(existsSync(abandonedFile)).toBe(true);

    const created = await t.asAdmin<{ createVideo: { video: { id: string } | null; error: unknown } }>(
      `mutation($input: CreateVideoInput!) { createVideo(input: $input) { video { id } error { message } } }`,
      { input: { title: 'Gardée', category: 'health', durationSeconds: 3, videoUploadId: used.upload!.uploadId } },
    );
    expect(created.data!.createVideo.error).toBeNull();

    await until(async () => (await t.sql.query('SELECT 1 FROM catalogue.pending_uploads')).rowCount === 0, 15_000, 'the cleanup job');
    await until(() => !existsSync(abandonedFile), 5000, 'the abandoned file to go');
    expect(existsSync(usedFile)).toBe(true);

    const late = await t.asAdmin<{ createVideo: { error: { code: string } } }>(
      `mutation($input: CreateVideoInput!) { createVideo(input: $input) { error { code } } }`,
      { input: { title: 'Trop tard', category: 'health', videoUploadId: abandoned.upload!.uploadId } },
    );
    expect(late.data!.createVideo.error.code).toBe('UPLOAD_NOT_FOUND');
  });

  it('refuses an upload URL once it has expired', async () => {
    const r = await requestUpload(t, 'VIDEO', 'lente.mp4', 'video/mp4', files.mp4.length);
    await until(() => Date.now() > Date.parse(r.upload!.expiresAt) + 1000, 5000, 'the URL to expire');
    const res = await putFile(t, r.upload!, files.mp4);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Ce lien a expiré. Rechargez la page pour en obtenir un nouveau.' });
  });
});
