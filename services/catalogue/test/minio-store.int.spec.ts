import { until, withHarness } from '@lbf/service-kit/testing';
import { Readable } from 'node:stream';
import { buffer as readAll } from 'node:stream/consumers';
import { MinioStore } from '../src/media/storage/minio-store';
import type { ObjectStore } from '../src/media/storage/object-store';
import { ObjectTooLargeError } from '../src/media/storage/object-store';
import { makeFixtures, putFile, requestUpload, upload } from './factories/media';
import { startLocalS3, type LocalS3 } from './factories/s3';
import { setupCatalogue } from './harness';

let s3: LocalS3;
let endpoint: string;
// As the service holds it: through the port every store implements.
let store: ObjectStore;
let files: Awaited<ReturnType<typeof makeFixtures>>;

beforeAll(async () => {
  files = await makeFixtures();
  s3 = await startLocalS3('store');
  endpoint = s3.config.endpoint;
  store = new MinioStore(s3.config);
  await store.init();
});

afterAll(async () => {
  await s3?.close();
});

describe('the MinIO adapter, against an S3 server', () => {
  const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));

  it('creates its buckets once, and again without complaint', async () => {
    await store.init();
    expect(await store.stat('videos', 'absent.mp4')).toBeNull();
    expect(await store.stat('pdfs', 'absent.pdf')).toBeNull();
  });

  it('puts an object and reports its size and type', async () => {
    await store.put('videos', 'clip.bin', bytes, { contentType: 'video/mp4' });
    expect(await store.stat('videos', 'clip.bin')).toEqual({ size: 5000, contentType: 'video/mp4' });
  });

  it('reads a byte range, and the whole object', async () => {
    expect((await readAll(await store.read('videos', 'clip.bin', { start: 1000, end: 1099 }))).equals(bytes.subarray(1000, 1100))).toBe(true);
    expect((await readAll(await store.read('videos', 'clip.bin'))).equals(bytes)).toBe(true);
  });

  it('streams an upload of unknown size, and refuses one over the limit leaving nothing', async () => {
    await store.put('pdfs', 'flux.pdf', Readable.from([files.pdf]), { contentType: 'application/pdf', maxBytes: files.pdf.length });
    expect(await store.stat('pdfs', 'flux.pdf')).toEqual({ size: files.pdf.length, contentType: 'application/pdf' });
    await expect(store.put('pdfs', 'trop.pdf', Readable.from([files.pdf, files.pdf]), { contentType: 'application/pdf', maxBytes: files.pdf.length })).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(await store.stat('pdfs', 'trop.pdf')).toBeNull();
  });

  it('hands out a presigned PUT URL the browser can upload to', async () => {
    const target = await store.presignedUploadUrl('pdfs', 'navigateur.pdf', { expiresAt: new Date(Date.now() + 60_000), contentType: 'application/pdf', maxBytes: 10 ** 6, kind: 'PDF' });
    expect(target.url.startsWith(`${endpoint}/pdfs/navigateur.pdf?`)).toBe(true);
    expect(target.url).toMatch(/X-Amz-Signature=/);
    const res = await fetch(target.url, { method: 'PUT', headers: target.headers, body: files.pdf });
    expect(res.status).toBe(200);
    expect(await store.stat('pdfs', 'navigateur.pdf')).toEqual({ size: files.pdf.length, contentType: 'application/pdf' });
  });

  it('hands out a presigned GET URL that answers Range requests with 206', async () => {
    const url = await store.presignedDownloadUrl('videos', 'clip.bin', { expiresAt: new Date(Date.now() + 60_000) });
    const res = await fetch(url, { headers: { Range: 'bytes=10-19' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/5000');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
  });

  // s3rver checks the expiry of v4 presigned URLs but not their signature (MinIO and S3 do both).
  it('refuses a presigned URL once it has expired', async () => {
    const signedAt = new Date(Date.now() - 65_000);
    const url = await store.presignedDownloadUrl('videos', 'clip.bin', { expiresAt: new Date(signedAt.getTime() + 60_000), signedAt });
    expect(url).toMatch(/X-Amz-Expires=60&/);
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/Request has expired/);
  });

  it('deletes an object, and deleting it again is no error', async () => {
    await store.delete('videos', 'clip.bin');
    expect(await store.stat('videos', 'clip.bin')).toBeNull();
    await expect(store.delete('videos', 'clip.bin')).resolves.toBeUndefined();
  });
});

describe('the catalogue on S3', () => {
  const t = withHarness(() => setupCatalogue({ s3: s3.config }));

  it('uploads straight to the S3 server, creates a PDF from it, serves and deletes it there', async () => {
    const r = await requestUpload(t, 'PDF', 'guide.pdf', 'application/pdf', files.pdf.length);
    expect(r.upload!.url.startsWith(`${endpoint}/pdfs/`)).toBe(true);
    expect((await putFile(t, r.upload!, files.pdf)).status).toBe(200);
    const created = await t.asAdmin<{ createPdf: { pdf: { id: string; pageCount: number; downloadUrl: string } } }>(
      `mutation($input: CreatePdfInput!) { createPdf(input: $input) { pdf { id pageCount downloadUrl } error { message } } }`,
      { input: { title: 'Guide S3', category: 'sleep', fileUploadId: r.upload!.uploadId } },
    );
    const pdf = created.data!.createPdf.pdf;
    expect(pdf.pageCount).toBe(3);
    expect(pdf.downloadUrl.startsWith(`${endpoint}/pdfs/`)).toBe(true);
    const file = await t.fetch(pdf.downloadUrl);
    expect(Buffer.from(await file.arrayBuffer()).equals(files.pdf)).toBe(true);

    const key = (await t.sql.query('SELECT file_key FROM catalogue.pdfs WHERE id = $1', [pdf.id])).rows[0].file_key;
    await t.asAdmin(`mutation($id: ID!) { deletePdf(id: $id) { ok } }`, { id: pdf.id });
    expect(await store.stat('pdfs', key)).toBeNull();
  });

  it('refuses a non-video uploaded to S3 when the video is created, and deletes it from S3', async () => {
    const r = await requestUpload(t, 'VIDEO', 'faux.mp4', 'video/mp4', files.pdf.length);
    await putFile(t, r.upload!, files.pdf);
    const key = (await t.sql.query('SELECT object_key FROM catalogue.pending_uploads WHERE id = $1', [r.upload!.uploadId])).rows[0].object_key;
    expect(await store.stat('videos', key)).not.toBeNull();
    const res = await t.asAdmin<{ createVideo: { error: { message: string } } }>(
      `mutation($input: CreateVideoInput!) { createVideo(input: $input) { error { message } } }`,
      { input: { title: 'Faux', category: 'health', videoUploadId: r.upload!.uploadId } },
    );
    expect(res.data!.createVideo.error.message).toBe('Veuillez sélectionner un fichier vidéo valide.');
    expect(await store.stat('videos', key)).toBeNull();
  });

  it('probes a video stored on S3 through a presigned URL', async () => {
    const videoUploadId = await upload(t, 'VIDEO', 'clip.mp4', 'video/mp4', files.mp4);
    const res = await t.asAdmin<{ createVideo: { video: { id: string } } }>(
      `mutation($input: CreateVideoInput!) { createVideo(input: $input) { video { id } error { message } } }`,
      { input: { title: 'Sur S3', category: 'health', videoUploadId } },
    );
    const id = res.data!.createVideo.video.id;
    const row = await until(
      async () => (await t.sql.query('SELECT duration_seconds, thumbnail_key FROM catalogue.videos WHERE id = $1 AND thumbnail_key IS NOT NULL', [id])).rows[0],
      20_000,
      'duration and thumbnail',
    );
    expect(row.duration_seconds).toBe(3);
    expect(await store.stat('videos', row.thumbnail_key)).toMatchObject({ contentType: 'image/jpeg' });
  });

  it('serves no /media routes: browsers talk to S3', async () => {
    expect((await t.fetch(`${t.origin}/media/upload/x`, { method: 'PUT', body: 'x' })).status).toBe(404);
  });
});
