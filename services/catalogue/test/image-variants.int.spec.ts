import { withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_FORMATS, MAX_INPUT_PIXELS } from '../src/media/image-variants';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());

/** A real photo-like JPEG (a gradient with noise, so the encoders have work to do). */
async function makeJpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x * y) % 251;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 140, b: 90, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

const get = (path: string, init: RequestInit = {}) => t.fetch(`${t.origin}${path}`, init);
const variant = (bucket: string, key: string, width: number, format: string) => `/media/img/${bucket}/${encodeURIComponent(key)}/${width}.${format}`;

async function put(bucket: 'videos' | 'pdfs', key: string, bytes: Buffer, contentType: string): Promise<void> {
  await t.app.store.put(bucket, key, bytes, { contentType });
}

let thumbKey: string;
let smallKey: string;

beforeAll(async () => {
  thumbKey = `${Date.now()}-a1b2c3-thumb-cours.jpg`;
  smallKey = `${Date.now()}-d4e5f6-thumb-petit.png`;
  await put('videos', thumbKey, await makeJpeg(1600, 900), 'image/jpeg');
  await put('videos', smallKey, await makePng(400, 225), 'image/png');
  const video = await t.insertVideo({ title: 'Respirer mieux' });
  await t.sql.query('UPDATE catalogue.videos SET thumbnail_key = $2, presenter_photo_key = $3 WHERE id = $1', [video, thumbKey, smallKey]);
});

describe('image variants (/media/img)', () => {
  it('serves a published thumbnail in each format at the width asked, decodable, cacheable for a year', async () => {
    for (const format of IMAGE_FORMATS) {
      const res = await get(variant('videos', thumbKey, 320, format));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(`image/${format}`);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const body = Buffer.from(await res.arrayBuffer());
      const meta = await sharp(body).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: format === 'avif' ? 'heif' : format, width: 320, height: 180 });
      if (format === 'avif') expect(meta.compression).toBe('av1');
    }
  });

  it('never enlarges: a 400 px image asked at 1280 comes back 400 px wide', async () => {
    const res = await get(variant('videos', smallKey, 1280, 'webp'));
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 225]);
  });

  it('gives a JPEG of a transparent PNG a white background (JPEG has no alpha)', async () => {
    const res = await get(variant('videos', smallKey, 160, 'jpeg'));
    const { data, info } = await sharp(Buffer.from(await res.arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    // Half-transparent green over white: light green, not the dark green of a black background.
    expect(data[0]!).toBeGreaterThan(100);
  });

  it('refuses widths and formats outside the lists with 400, before looking anything up', async () => {
    for (const path of [
      variant('videos', thumbKey, 300, 'webp'),
      variant('videos', thumbKey, 2560, 'jpeg'),
      variant('videos', thumbKey, 0, 'jpeg'),
      variant('videos', thumbKey, 320, 'png'),
      variant('videos', thumbKey, 320, 'gif'),
      `/media/img/videos/${thumbKey}/320`,
      `/media/img/videos/${thumbKey}/w320.webp`,
      `${variant('videos', thumbKey, 320, 'webp')}?w=5000`,
    ]) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('never serves private media: a video file, a PDF file, an unpublished item’s image, a draft article’s image, an unknown key', async () => {
    const jpeg = await makeJpeg(640, 360);
    // Even when the private object is itself an image, only keys shown by published items pass.
    const videoFileKey = `${Date.now()}-f00d01-cours-payant.jpg`;
    await put('videos', videoFileKey, jpeg, 'image/jpeg');
    const paid = await t.insertVideo({ title: 'Cours payant' });
    await t.sql.query('UPDATE catalogue.videos SET video_key = $2 WHERE id = $1', [paid, videoFileKey]);

    const draftThumb = `${Date.now()}-f00d02-thumb-brouillon.jpg`;
    await put('videos', draftThumb, jpeg, 'image/jpeg');
    const draft = await t.insertVideo({ title: 'Brouillon' });
    await t.sql.query('UPDATE catalogue.videos SET thumbnail_key = $2, published_at = NULL WHERE id = $1', [draft, draftThumb]);

    const pdfFile = `${Date.now()}-f00d03-guide.pdf`;
    await put('pdfs', pdfFile, jpeg, 'image/jpeg');
    const illustration = `${Date.now()}-f00d04-illustration-guide.jpg`;
    await put('pdfs', illustration, jpeg, 'image/jpeg');
    await t.sql.query(
      `INSERT INTO catalogue.pdfs (id, title, category, price_cents, file_key, file_size, illustration_key, search_text, title_key, published_at)
       VALUES ($1, 'Guide', 'nutrition', 150, $2, 1000, $3, 'guide', 'guide', now())`,
      [randomUUID(), pdfFile, illustration],
    );

    const cover = `${Date.now()}-f00d05-illustration-article.jpg`;
    const draftCover = `${Date.now()}-f00d06-illustration-brouillon.jpg`;
    await put('pdfs', cover, jpeg, 'image/jpeg');
    await put('pdfs', draftCover, jpeg, 'image/jpeg');
    const article = (image: string, status: string) =>
      t.sql.query(
        `INSERT INTO catalogue.articles (id, title, excerpt, body_html, author, category, image_key, read_time_minutes, status, published_at, search_text)
         VALUES ($1, 'Article', 'Résumé', '<p>Texte</p>', 'Awa', 'nutrition', $2, 3, $3, CASE WHEN $3 = 'published' THEN now() END, 'article')`,
        [randomUUID(), image, status],
      );
    await article(cover, 'published');
    await article(draftCover, 'draft');

    // The public ones answer…
    expect((await get(variant('pdfs', illustration, 320, 'webp'))).status).toBe(200);
    expect((await get(variant('pdfs', cover, 320, 'webp'))).status).toBe(200);
    // …the rest are not there, whatever they hold.
    for (const [bucket, key] of [
      ['videos', videoFileKey],
      ['videos', draftThumb],
      ['pdfs', pdfFile],
      ['pdfs', draftCover],
      ['videos', illustration],
      ['videos', `${Date.now()}-000000-inconnu.jpg`],
      ['videos', 'hls%2F00000000-0000-0000-0000-000000000000%2Fv1%2Ffull%2Fmaster.m3u8'],
    ] as const) {
      const res = await get(`/media/img/${bucket}/${key.includes('%') ? key : encodeURIComponent(key)}/320.webp`);
      expect([key, res.status]).toEqual([key, 404]);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });

  it('makes each variant once: the second request is served from the disk cache, the file untouched', async () => {
    const path = variant('videos', thumbKey, 640, 'avif');
    const before = t.app.variants.made;
    const first = await get(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-image-variant')).toBe('made');
    const firstBytes = Buffer.from(await first.arrayBuffer());
    const v = { bucket: 'videos' as const, key: thumbKey, width: 640, format: 'avif' as const };
    const written = await t.app.variants.mtimeOf(v);
    expect(written).not.toBeNull();
    expect(t.app.variants.made).toBe(before + 1);

    await new Promise((r) => setTimeout(r, 20));
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-image-variant')).toBe('cached');
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true);
    expect(t.app.variants.made).toBe(before + 1);
    expect(await t.app.variants.mtimeOf(v)).toBe(written);
  });

  it('shares one resize between simultaneous requests for the same variant', async () => {
    const path = variant('videos', thumbKey, 960, 'webp');
    const before = t.app.variants.made;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get(path)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(t.app.variants.made).toBe(before + 1);
  });

  it('refuses a decompression bomb (more pixels than allowed) without serving it', async () => {
    // A tiny PNG declaring a huge canvas: sharp refuses it from the header, before decoding.
    const side = Math.ceil(Math.sqrt(MAX_INPUT_PIXELS)) + 100;
    const bomb = await sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const key = `${Date.now()}-b0b0b0-thumb-bombe.png`;
    await put('videos', key, bomb, 'image/png');
    const video = await t.insertVideo({ title: 'Bombe' });
    await t.sql.query('UPDATE catalogue.videos SET thumbnail_key = $2 WHERE id = $1', [video, key]);
    const res = await get(variant('videos', key, 320, 'jpeg'));
    expect(res.status).toBe(404);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get(variant('videos', thumbKey, 480, 'jpeg'), { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });

  it('forgets an image’s variants when its object is deleted (a replaced thumbnail leaves nothing behind)', async () => {
    const key = `${Date.now()}-0f9e8d-thumb-remplacee.jpg`;
    await put('videos', key, await makeJpeg(800, 450), 'image/jpeg');
    const video = await t.insertVideo({ title: 'Vignette remplacée' });
    await t.sql.query('UPDATE catalogue.videos SET thumbnail_key = $2 WHERE id = $1', [video, key]);
    const v = { bucket: 'videos' as const, key, width: 320, format: 'webp' as const };
    expect((await get(variant('videos', key, 320, 'webp'))).status).toBe(200);
    expect(await t.app.variants.mtimeOf(v)).not.toBeNull();

    // What replacing or deleting an item's image queues after its commit.
    await t.app.jobs.deleteObjects([{ bucket: 'videos', key }]);
    const deadline = Date.now() + 15_000;
    while ((await t.app.variants.mtimeOf(v)) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await t.app.variants.mtimeOf(v)).toBeNull();
    expect(await t.app.store.stat('videos', key)).toBeNull();
    expect((await get(variant('videos', key, 320, 'webp'))).status).toBe(404);
  });
});
