import type { Logger } from '@lbf/service-kit';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type sharpModule from 'sharp';
import type { DataSource } from 'typeorm';
import { BUCKETS, OBJECT_KEY_PATTERN, type Bucket } from './upload-rules';
import type { ObjectStore } from './storage/object-store';
import { isPublicImageRow } from './store';
import { sendJsonError, type Handler } from '../shared/http-routes';


/**
 * Resized copies of the images public pages show (video thumbnails, presenters' photos, PDF
 * illustrations, article images): `GET /media/img/<bucket>/<key>/<width>.<format>`.
 *
 * Only these widths and formats exist, so nobody can make the server resize endlessly; each
 * variant is made once (sharp) and kept on disk. Keys are immutable (a new upload is a new key),
 * so a variant is cacheable for a year. Only an image that a published item shows is served: a
 * video's or a PDF's own file, an unpublished item's image or any other object answers 404.
 * The web app's <ResponsiveImage> (web/src/components/ui/responsive-image.tsx) uses the same list.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

/** Decoding bombs: more pixels than this (about 7000×5700) are refused before decoding. */
export const MAX_INPUT_PIXELS = 40_000_000;

export const imageMessages = {
  badVariant: `Variante d'image inconnue : largeurs ${IMAGE_WIDTHS.join(', ')} ; formats ${IMAGE_FORMATS.join(', ')}.`,
  notFound: 'Image introuvable.',
};

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface VariantRequest {
  bucket: Bucket;
  key: string;
  width: number;
  format: ImageFormat;
}

/**
 * `/<bucket>/<key>/<width>.<format>` → the variant asked for; 'bad' for a width or format outside
 * the lists (400); null for a path of another shape or an impossible key (404).
 */
export function parseVariantPath(path: string): VariantRequest | 'bad' | null {
  const parts = path.replace(/^\/+/, '').split('/');
  if (parts.length !== 3) return null;
  const [bucket, rawKey, file] = parts as [string, string, string];
  let key: string;
  try {
    key = decodeURIComponent(rawKey);
  } catch {
    return null;
  }
  if (!(BUCKETS as readonly string[]).includes(bucket) || !OBJECT_KEY_PATTERN.test(key)) return null;
  const m = /^(\d{1,5})\.([a-z]{1,8})$/.exec(file);
  if (!m) return 'bad';
  const width = Number(m[1]);
  const format = m[2] as ImageFormat;
  if (!(IMAGE_WIDTHS as readonly number[]).includes(width) || !(IMAGE_FORMATS as readonly string[]).includes(format)) return 'bad';
  return { bucket: bucket as Bucket, key, width, format };
}

/** Whether a published item shows this image (the same images anyone gets a URL for from the public queries). */
export function isPublicImage(ds: DataSource, bucket: Bucket, key: string): Promise<boolean> {
  return isPublicImageRow(ds.manager, bucket, key);
}

/** The resized image: never enlarged, turned upright from its EXIF orientation, metadata dropped. */
export async function renderVariant(input: Buffer, width: number, format: ImageFormat): Promise<Buffer> {
  // sharp and its native libvips, loaded on the first resize rather than at boot (issue 22 §5).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sharp = require('sharp') as typeof sharpModule;
  const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 3 }).toBuffer();
    case 'webp':
      return image.webp({ quality: 72, effort: 4 }).toBuffer();
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 75, mozjpeg: true, progressive: true }).toBuffer();
  }
}

/** At most `n` resizes at once: the rest wait their turn instead of sharing the CPU n ways. */
class Slots {
  private busy = 0;
  private readonly waiting: Array<() => void> = [];
  constructor(private readonly n: number) {}
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.busy >= this.n) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy += 1;
    try {
      return await work();
    } finally {
      this.busy -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * Variants on disk, `<dir>/<bucket>/<key>/<width>.<format>`, written to a temporary name then
 * renamed, so a reader never sees half a file; concurrent requests for one variant share one resize.
 */
export class VariantCache {
  private readonly inFlight = new Map<string, Promise<Buffer | null>>();
  private readonly slots: Slots;
  /** Resizes done by this process (the tests check a second request makes none). */
  made = 0;

  constructor(
    readonly dir: string,
    concurrency = 2,
  ) {
    this.slots = new Slots(concurrency);
  }

  pathOf(v: VariantRequest): string {
    return join(this.dir, v.bucket, v.key, `${v.width}.${v.format}`);
  }

  /** The cached variant, or the one `source` gives made now; null when there is no usable source. */
  async get(v: VariantRequest, source: () => Promise<Buffer | null>): Promise<{ body: Buffer; cached: boolean } | null> {
    const path = this.pathOf(v);
    const cached = await readFile(path).catch(() => null);
    if (cached) return { body: cached, cached: true };
    let pending = this.inFlight.get(path);
    if (!pending) {
      pending = this.make(v, path, source).finally(() => this.inFlight.delete(path));
      this.inFlight.set(path, pending);
    }
    const body = await pending;
    return body ? { body, cached: false } : null;
  }

  private async make(v: VariantRequest, path: string, source: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const input = await source();
    if (!input) return null;
    const body = await this.slots.run(() => renderVariant(input, v.width, v.format));
    this.made += 1;
    await mkdir(join(this.dir, v.bucket, v.key), { recursive: true });
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(tmp, body);
      await rename(tmp, path);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    return body;
  }

  /** Forgets every variant of an image (its object is being deleted: a new upload is a new key). */
  async drop(bucket: Bucket, key: string): Promise<void> {
    if (!OBJECT_KEY_PATTERN.test(key)) return;
    await rm(join(this.dir, bucket, key), { recursive: true, force: true });
  }

  /** When the variant was written (the tests check it is not rewritten). */
  async mtimeOf(v: VariantRequest): Promise<number | null> {
    return stat(this.pathOf(v)).then(
      (s) => s.mtimeMs,
      () => null,
    );
  }
}

export interface ImageVariantDeps {
  store: ObjectStore;
  cache: VariantCache;
  log: Logger;
  /** Largest source image read (the upload limit for images). */
  maxSourceBytes: number;
  /** Whether the image is one anybody may see (isPublicImage). */
  isPublic(bucket: Bucket, key: string): Promise<boolean>;
}

async function readAll(store: ObjectStore, bucket: Bucket, key: string, max: number): Promise<Buffer | null> {
  const info = await store.stat(bucket, key).catch(() => null);
  if (!info || info.size === 0 || info.size > max || !info.contentType?.startsWith('image/')) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(bucket, key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** `GET|HEAD /media/img/<bucket>/<key>/<width>.<format>` (mounted at /media/img). */
export function imageVariantHandler(deps: ImageVariantDeps): Handler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.url ?? '/', 'http://media.local');
    const v = parseVariantPath(url.pathname);
    if (v === 'bad') return sendJsonError(res, 400, imageMessages.badVariant);
    if (!v || url.search) return sendJsonError(res, v ? 400 : 404, v ? imageMessages.badVariant : imageMessages.notFound);
    void (async () => {
      if (!(await deps.isPublic(v.bucket, v.key))) return sendJsonError(res, 404, imageMessages.notFound);
      const out = await deps.cache.get(v, () => readAll(deps.store, v.bucket, v.key, deps.maxSourceBytes));
      if (!out) return sendJsonError(res, 404, imageMessages.notFound);
      res.writeHead(200, {
        'Content-Type': CONTENT_TYPES[v.format],
        'Content-Length': out.body.length,
        'Cache-Control': IMMUTABLE,
        'X-Content-Type-Options': 'nosniff',
        'X-Image-Variant': out.cached ? 'cached' : 'made',
      });
      res.end(req.method === 'HEAD' ? undefined : out.body);
    })().catch((err: unknown) => {
      // An unreadable or oversized image: logged, and answered like a missing one.
      deps.log.warn({ err: String(err), bucket: v.bucket, key: v.key }, 'image variant failed');
      sendJsonError(res, 404, imageMessages.notFound);
    });
  };
}
