import { until } from '@lbf/service-kit/testing';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MediaSigner } from '../src/media/signing';
import { makeFixtures, putFile, requestUpload, upload } from './factories/media';
import { setupCatalogue, SIGNING_SECRET, type CatalogueTestContext } from './harness';

let t: CatalogueTestContext;
let files: Awaited<ReturnType<typeof makeFixtures>>;

const IMAGE_LIMIT = 20 * 1024;

const CREATE_VIDEO = `mutation($input: CreateVideoInput!) {
  createVideo(input: $input) { video { id title durationSeconds priceCents thumbnailUrl playbackUrl } error { code message field } }
}`;
const CREATE_PDF = `mutation($input: CreatePdfInput!) {
  createPdf(input: $input) { pdf { id title pageCount fileSize illustrationUrl priceCents downloadCount } error { code message field } }
}`;

type VideoResult = { createVideo: { video: { id: string; title: string; durationSeconds: number | null; priceCents: number; thumbnailUrl: string | null; playbackUrl: string } | null; error: { code: string; message: string; field: string | null } | null } };
type PdfResult = { createPdf: { pdf: { id: string; title: string; pageCount: number; fileSize: number; illustrationUrl: string | null; priceCents: number; downloadCount: number } | null; error: { code: string; message: string; field: string | null } | null } };

const videoRow = async (id: string) => (await t.sql.query('SELECT * FROM catalogue.videos WHERE id = $1', [id])).rows[0];
const pendingRows = async (id: string) => (await t.sql.query('SELECT * FROM catalogue.pending_uploads WHERE id = $1', [id])).rows;
const pendingKey = async (id: string): Promise<string> => (await t.sql.query('SELECT object_key FROM catalogue.pending_uploads WHERE id = $1', [id])).rows[0].object_key;
const bucketFiles = async (bucket: string) => readdir(join(t.mediaDir, bucket));

beforeAll(async () => {
  files = await makeFixtures();
  t = await setupCatalogue({ limits: { imageBytes: IMAGE_LIMIT } });
  for (const s of ['catalogue.item.published', 'catalogue.item.updated', 'catalogue.item.deleted', 'catalogue.pdf.downloaded'] as const) t.events.listen(s);
});

afterAll(async () => {
  await t?.teardown();
});

describe('uploading a video straight to storage', () => {
  let videoId: string;
  let size: number;

  it('gives the administrator a short-lived signed PUT URL on this service', async () => {
    const r = await requestUpload(t, 'VIDEO', 'Ma vidéo été.mp4', 'video/mp4', files.mp4.length);
    expect(r.error).toBeNull();
    expect(r.upload).toMatchObject({ method: 'PUT', headers: [{ name: 'Content-Type', value: 'video/mp4' }], maxBytes: 2 * 1024 ** 3 });
    expect(r.upload!.url).toMatch(/^\/media\/upload\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const expiresIn = new Date(r.upload!.expiresAt).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    const res = await putFile(t, r.upload!, files.mp4);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, size: files.mp4.length, contentType: 'video/mp4' });
  });

  it('creates the video from its upload; the streaming pipeline probes its duration, grabs a thumbnail and publishes it', async () => {
    const uploadId = await upload(t, 'VIDEO', 'clip.mp4', 'video/mp4', files.mp4);
    const res = await t.asAdmin<VideoResult>(CREATE_VIDEO, {
      input: { title: '  Plantes du matin  ', description: 'Une vidéo de test.', category: 'health', videoUploadId: uploadId, learnItems: ['Un', 'Deux'] },
    });
    expect(res.data!.createVideo.error).toBeNull();
    const video = res.data!.createVideo.video!;
    videoId = video.id;
    expect(video).toMatchObject({ title: 'Plantes du matin', priceCents: 359 });
    expect(await pendingRows(uploadId)).toEqual([]);

    const published = await until(() => t.events.find('catalogue.item.published', (d) => d.itemId === videoId), 5000, 'catalogue.item.published');
    expect(published.data).toMatchObject({ itemType: 'video', title: 'Plantes du matin', priceCents: 359, currency: 'USD' });

    const done = await until(
      async () => {
        const r = await t.asAdmin<{ video: { durationSeconds: number | null; thumbnailUrl: string | null } }>(`query($id: ID!) { video(id: $id) { durationSeconds thumbnailUrl } }`, { id: videoId });
        const v = r.data!.video;
        return v.durationSeconds !== null && v.thumbnailUrl ? v : null;
      },
      20_000,
      'the streaming pipeline',
    );
    expect(done.durationSeconds).toBe(3);
    const thumb = await t.fetch(t.abs(done.thumbnailUrl!));
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const row = await videoRow(videoId);
    expect(row.video_content_type).toBe('video/mp4');
    size = Number(row.video_size);
    expect(size).toBe(files.mp4.length);
  });

  it('serves the file with Range support: 206 with exactly the bytes asked for', async () => {
    const { video } = (await t.asAdmin<{ video: { playbackUrl: string } }>(`query($id: ID!) { video(id: $id) { playbackUrl } }`, { id: videoId })).data!;
    const url = t.abs(video.playbackUrl);

    const full = await t.fetch(url);
    expect(full.status).toBe(200);
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(full.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await full.arrayBuffer()).equals(files.mp4)).toBe(true);

    const part = await t.fetch(url, { headers: { Range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`);
    expect(part.headers.get('content-length')).toBe('100');
    expect(Buffer.from(await part.arrayBuffer()).equals(files.mp4.subarray(100, 200))).toBe(true);

    const tail = await t.fetch(url, { headers: { Range: 'bytes=-50' } });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe(`bytes ${size - 50}-${size - 1}/${size}`);
    expect(Buffer.from(await tail.arrayBuffer()).equals(files.mp4.subarray(size - 50))).toBe(true);

    const beyond = await t.fetch(url, { headers: { Range: `bytes=${size}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${size}`);

    const head = await t.fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(size));
  });

  it('refuses a tampered or expired signed URL', async () => {
    const { video } = (await t.asAdmin<{ video: { playbackUrl: string } }>(`query($id: ID!) { video(id: $id) { playbackUrl } }`, { id: videoId })).data!;
    const url = new URL(t.abs(video.playbackUrl));
    const sig = url.searchParams.get('sig')!;

    const badSig = new URL(url);
    badSig.searchParams.set('sig', (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1));
    const longer = new URL(url);
    longer.searchParams.set('exp', String(Number(url.searchParams.get('exp')) + 3600));
    const asDownload = new URL(url);
    asDownload.searchParams.set('dl', 'x.mp4');
    const otherKey = new URL(url);
    otherKey.pathname = otherKey.pathname.replace(/\/[^/]+$/, '/autre.mp4');
    for (const u of [badSig, longer, asDownload, otherKey]) {
      const res = await t.fetch(u);
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: 'Lien invalide.' });
    }

    const key = decodeURIComponent(url.pathname.split('/').pop()!);
    const past = Math.floor(Date.now() / 1000) - 1;
    const expired = `${t.origin}/media/videos/${encodeURIComponent(key)}?exp=${past}&sig=${new MediaSigner(SIGNING_SECRET).signRead('videos', key, past)}`;
    const res = await t.fetch(expired);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Ce lien a expiré. Rechargez la page pour en obtenir un nouveau.' });

    const unsigned = await t.fetch(`${t.origin}/media/videos/${encodeURIComponent(key)}`);
    expect(unsigned.status).toBe(403);
  });

  it('edits the title and price, and publishes catalogue.item.updated', async () => {
    const res = await t.asAdmin<{ updateVideo: { video: { title: string; priceCents: number; description: string }; error: unknown } }>(
      `mutation($id: ID!, $input: UpdateVideoInput!) { updateVideo(id: $id, input: $input) { video { title priceCents description } error { message } } }`,
      { id: videoId, input: { title: 'Plantes du soir', price: '4,99' } },
    );
    expect(res.data!.updateVideo).toEqual({ video: { title: 'Plantes du soir', priceCents: 499, description: 'Une vidéo de test.' }, error: null });
    const updated = await until(() => t.events.find('catalogue.item.updated', (d) => d.itemId === videoId), 5000, 'catalogue.item.updated');
    expect(updated.data).toMatchObject({ title: 'Plantes du soir', priceCents: 499, itemType: 'video' });
  });

  it('deletes the video with its files and publishes catalogue.item.deleted', async () => {
    const row = await videoRow(videoId);
    const { video } = (await t.asAdmin<{ video: { playbackUrl: string } }>(`query($id: ID!) { video(id: $id) { playbackUrl } }`, { id: videoId })).data!;
    expect(existsSync(join(t.mediaDir, 'videos', row.video_key))).toBe(true);
    expect(existsSync(join(t.mediaDir, 'videos', row.thumbnail_key))).toBe(true);

    const res = await t.asAdmin(`mutation($id: ID!) { deleteVideo(id: $id) { ok error { code message } } }`, { id: videoId });
    expect(res.data).toEqual({ deleteVideo: { ok: true, error: null } });
    expect(await videoRow(videoId)).toBeUndefined();
    expect(existsSync(join(t.mediaDir, 'videos', row.video_key))).toBe(false);
    expect(existsSync(join(t.mediaDir, 'videos', row.thumbnail_key))).toBe(false);
    expect((await t.fetch(t.abs(video.playbackUrl))).status).toBe(404);
    const deleted = await until(() => t.events.find('catalogue.item.deleted', (d) => d.itemId === videoId), 5000, 'catalogue.item.deleted');
    expect(deleted.data).toMatchObject({ title: 'Plantes du soir', priceCents: 499 });

    const again = await t.asAdmin(`mutation($id: ID!) { deleteVideo(id: $id) { ok error { code message } } }`, { id: videoId });
    expect(again.data).toEqual({ deleteVideo: { ok: false, error: { code: 'NOT_FOUND', message: 'Vidéo introuvable.' } } });
  });

  it('keeps a given duration and an uploaded thumbnail instead of probing', async () => {
    const videoUploadId = await upload(t, 'VIDEO', 'clip.mp4', 'video/mp4', files.mp4);
    const thumbnailUploadId = await upload(t, 'THUMBNAIL', 'miniature.png', 'image/png', files.png);
    const res = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'Avec miniature', category: 'sleep', durationSeconds: 125, videoUploadId, thumbnailUploadId } });
    const v = res.data!.createVideo.video!;
    expect(v.durationSeconds).toBe(125);
    const thumb = await t.fetch(t.abs(v.thumbnailUrl!));
    expect(thumb.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await thumb.arrayBuffer()).equals(files.png)).toBe(true);
  });
});

describe('refusing files that are not what they claim', () => {
  it('refuses a PDF renamed .mp4 and sent as video/mp4, by its content, with the spec message', async () => {
    const r = await requestUpload(t, 'VIDEO', 'pas-une-video.mp4', 'video/mp4', files.pdf.length);
    expect(r.error).toBeNull();
    const key = await pendingKey(r.upload!.uploadId);
    const res = await putFile(t, r.upload!, files.pdf);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: 'Veuillez sélectionner un fichier vidéo valide.' });
    expect(existsSync(join(t.mediaDir, 'videos', key))).toBe(false);
  });

  it('also refuses such a file when it reached storage another way (as with S3), and deletes it', async () => {
    const r = await requestUpload(t, 'VIDEO', 'pas-une-video.mp4', 'video/mp4', files.pdf.length);
    const key = await pendingKey(r.upload!.uploadId);
    await t.app.store.put('videos', key, files.pdf, { contentType: 'video/mp4' });
    const res = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'Piège', category: 'health', videoUploadId: r.upload!.uploadId } });
    expect(res.data!.createVideo).toEqual({
      video: null,
      error: { code: 'INVALID_FILE', message: 'Veuillez sélectionner un fichier vidéo valide.', field: 'videoUploadId' },
    });
    expect(existsSync(join(t.mediaDir, 'videos', key))).toBe(false);
    expect(await pendingRows(r.upload!.uploadId)).toEqual([]);
    expect((await t.sql.query(`SELECT 1 FROM catalogue.videos WHERE title = 'Piège'`)).rows).toEqual([]);
  });

  it('refuses a claimed type that cannot be a video or a thumbnail before any upload', async () => {
    expect((await requestUpload(t, 'VIDEO', 'x.pdf', 'application/pdf', 10)).error).toEqual({ code: 'INVALID_FILE', message: 'Veuillez sélectionner un fichier vidéo valide.', field: 'file' });
    expect((await requestUpload(t, 'THUMBNAIL', 'x.txt', 'text/plain', 10)).error).toEqual({ code: 'INVALID_FILE', message: 'Veuillez sélectionner une image valide pour la miniature.', field: 'file' });
    expect((await requestUpload(t, 'PDF', 'x.doc', 'application/msword', 10)).error).toEqual({ code: 'INVALID_FILE', message: 'Veuillez sélectionner un fichier PDF valide.', field: 'file' });
    expect((await requestUpload(t, 'ILLUSTRATION', 'x.mp4', 'video/mp4', 10)).error).toEqual({ code: 'INVALID_FILE', message: 'Veuillez sélectionner une image valide.', field: 'file' });
  });

  it('refuses a video sent as the thumbnail with the thumbnail message', async () => {
    const videoUploadId = await upload(t, 'VIDEO', 'clip.mp4', 'video/mp4', files.mp4);
    const wrong = await requestUpload(t, 'THUMBNAIL', 'image.png', 'image/png', files.mp4.length);
    const res = await putFile(t, wrong.upload!, files.mp4);
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({ error: 'Veuillez sélectionner une image valide pour la miniature.' });
    const created = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'T', category: 'health', videoUploadId, thumbnailUploadId: videoUploadId } });
    expect(created.data!.createVideo.error).toMatchObject({ code: 'VALIDATION' });
  });

  it('requires a title and a video file, with the spec message', async () => {
    const videoUploadId = await upload(t, 'VIDEO', 'clip.mp4', 'video/mp4', files.mp4);
    const noTitle = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: '   ', category: 'health', videoUploadId } });
    expect(noTitle.data!.createVideo.error).toEqual({ code: 'VALIDATION', message: 'Le titre et le fichier vidéo sont obligatoires.', field: 'title' });
    const noFile = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'Titre', category: 'health' } });
    expect(noFile.data!.createVideo.error).toEqual({ code: 'VALIDATION', message: 'Le titre et le fichier vidéo sont obligatoires.', field: 'videoUploadId' });
    // The upload was not consumed by the refused attempts.
    expect(await pendingRows(videoUploadId)).toHaveLength(1);
  });

  it('refuses an upload whose file never arrived, and an upload used twice', async () => {
    const r = await requestUpload(t, 'VIDEO', 'clip.mp4', 'video/mp4', files.mp4.length);
    const missing = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'Sans fichier', category: 'health', videoUploadId: r.upload!.uploadId } });
    expect(missing.data!.createVideo.error).toMatchObject({ code: 'UPLOAD_INCOMPLETE', field: 'videoUploadId' });

    await putFile(t, r.upload!, files.mp4);
    const first = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'Une fois', category: 'health', videoUploadId: r.upload!.uploadId } });
    expect(first.data!.createVideo.error).toBeNull();
    const second = await t.asAdmin<VideoResult>(CREATE_VIDEO, { input: { title: 'Deux fois', category: 'health', videoUploadId: r.upload!.uploadId } });
    expect(second.data!.createVideo.error).toEqual({
      code: 'UPLOAD_NOT_FOUND',
      message: "Le fichier envoyé est introuvable ou a expiré. Veuillez l'envoyer à nouveau.",
      field: 'videoUploadId',
    });
    // Its URL no longer writes over the video's file.
    const overwrite = await putFile(t, r.upload!, files.mp4);
    expect(overwrite.status).toBe(410);
  });
});

describe('size limits', () => {
  it('refuses a declared size over the kind limit, naming the limit', async () => {
    const r = await requestUpload(t, 'THUMBNAIL', 'grande.png', 'image/png', IMAGE_LIMIT + 1);
    expect(r).toEqual({ upload: null, error: { code: 'FILE_TOO_LARGE', message: 'Le fichier dépasse la taille maximale autorisée (20 KB).', field: 'file' } });
    const video = await requestUpload(t, 'VIDEO', 'enorme.mp4', 'video/mp4', 3 * 1024 ** 3);
    expect(video.error).toEqual({ code: 'FILE_TOO_LARGE', message: 'Le fichier dépasse la taille maximale autorisée (2 GB).', field: 'file' });
  });

  it('cuts off a body larger than the limit while it streams, and keeps nothing of it', async () => {
    const r = await requestUpload(t, 'THUMBNAIL', 'menteuse.png', 'image/png', 100);
    const key = await pendingKey(r.upload!.uploadId);
    const big = Buffer.concat([files.png, Buffer.alloc(IMAGE_LIMIT * 3, 7)]);
    const declared = await putFile(t, r.upload!, big);
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'Le fichier dépasse la taille maximale autorisée (20 KB).' });

    // Without a Content-Length (chunked), the cap applies as the bytes arrive.
    const chunks = [files.png, ...Array.from({ length: 8 }, () => Buffer.alloc(8 * 1024, 7))];
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(new Uint8Array(next));
        else controller.close();
      },
    });
    const streamed = await t.fetch(t.abs(r.upload!.url), { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(existsSync(join(t.mediaDir, 'videos', key))).toBe(false);
    // Clean-up of cut-off bodies (this one and earlier tests' aborted ones) may finish just after the answer.
    await until(async () => (await readdir(join(t.mediaDir, '.tmp'))).length === 0, 3000, 'no partial file left in .tmp');
  });
});

describe('PDF guides', () => {
  let pdfId: string;

  it('creates a PDF from its uploads, reading its page count', async () => {
    const fileUploadId = await upload(t, 'PDF', 'guide.pdf', 'application/pdf', files.pdf);
    const illustrationUploadId = await upload(t, 'ILLUSTRATION', 'illustration.png', 'image/png', files.png);
    const res = await t.asAdmin<PdfResult>(CREATE_PDF, { input: { title: 'Guide des tisanes', category: 'wellbeing', fileUploadId, illustrationUploadId } });
    expect(res.data!.createPdf.error).toBeNull();
    const pdf = res.data!.createPdf.pdf!;
    pdfId = pdf.id;
    expect(pdf).toMatchObject({ pageCount: 3, fileSize: files.pdf.length, priceCents: 100, downloadCount: 0 });
    expect((await t.fetch(t.abs(pdf.illustrationUrl!))).status).toBe(200);
    const published = await until(() => t.events.find('catalogue.item.published', (d) => d.itemId === pdfId), 5000, 'catalogue.item.published');
    expect(published.data).toMatchObject({ itemType: 'pdf', priceCents: 100, currency: 'USD' });
  });

  it('refuses a file that starts like a PDF but is not one', async () => {
    const fileUploadId = await upload(t, 'PDF', 'casse.pdf', 'application/pdf', Buffer.from('%PDF-1.7\nce fichier est tronqué'));
    const res = await t.asAdmin<PdfResult>(CREATE_PDF, { input: { title: 'Cassé', category: 'wellbeing', fileUploadId } });
    expect(res.data!.createPdf.error).toEqual({ code: 'INVALID_FILE', message: 'Veuillez sélectionner un fichier PDF valide.', field: 'fileUploadId' });
  });

  it('hands out a signed download, counts it and publishes catalogue.pdf.downloaded', async () => {
    const res = await t.asAdmin<{ downloadPdf: { url: string; expiresAt: string; error: null } }>(`mutation($id: ID!) { downloadPdf(id: $id) { url expiresAt error { message } } }`, { id: pdfId });
    const d = res.data!.downloadPdf;
    expect(d.error).toBeNull();
    const file = await t.fetch(t.abs(d.url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Guide des tisanes.pdf"; filename*=UTF-8''Guide%20des%20tisanes.pdf`);
    expect(Buffer.from(await file.arrayBuffer()).equals(files.pdf)).toBe(true);
    const count = await t.query<{ pdf: { downloadCount: number } }>(`query($id: ID!) { pdf(id: $id) { downloadCount } }`, { id: pdfId });
    expect(count.data!.pdf.downloadCount).toBe(1);
    const event = await until(() => t.events.find('catalogue.pdf.downloaded', (e) => e.pdfId === pdfId), 5000, 'catalogue.pdf.downloaded');
    expect(event.data).toMatchObject({ userId: t.adminId });
  });

  it('deletes the PDF with its file and illustration', async () => {
    const row = (await t.sql.query('SELECT file_key, illustration_key FROM catalogue.pdfs WHERE id = $1', [pdfId])).rows[0];
    const res = await t.asAdmin(`mutation($id: ID!) { deletePdf(id: $id) { ok error { message } } }`, { id: pdfId });
    expect(res.data).toEqual({ deletePdf: { ok: true, error: null } });
    const left = await bucketFiles('pdfs');
    expect(left).not.toContain(row.file_key);
    expect(left).not.toContain(row.illustration_key);
    await until(() => t.events.find('catalogue.item.deleted', (d) => d.itemId === pdfId), 5000, 'catalogue.item.deleted');
  });
});
