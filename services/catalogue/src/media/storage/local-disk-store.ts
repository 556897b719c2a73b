import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKETS, DERIVED_PREFIX_PATTERN, isStorableKey, type UploadKind } from '../upload-rules';
import type { MediaSigner } from '../signing';
import { ObjectTooLargeError, type Bucket, type ObjectInfo, type ObjectStore, type PutOptions, type UploadTarget } from './object-store';

/** Counts bytes through a stream and fails it past `max`. */
export function byteLimit(max: number): Transform & { bytes: number } {
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      (t as Transform & { bytes: number }).bytes = bytes;
      if (bytes > max) return cb(new ObjectTooLargeError(max));
      cb(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/**
 * Objects as files: `<dir>/<bucket>/<key>`, with a small JSON of metadata (content type) under
 * `<dir>/.meta/<bucket>/<key>.json`. Writes go to `<dir>/.tmp` first and are renamed into place
 * once complete, so a failed or cut-off upload never shows up as an object. Signed URLs point at
 * this service's own /media routes (see media/media-routes.ts), relative to the site's origin.
 */
export class LocalDiskStore implements ObjectStore {
  readonly kind = 'local' as const;

  constructor(
    readonly dir: string,
    /** Needed to hand out URLs; the seed command, which only writes files, goes without. */
    private readonly signer?: MediaSigner,
    /** Prefix of the URLs handed out; '' keeps them relative (the gateway serves /media on the site's origin). */
    private readonly urlBase = '',
  ) {}

  private check(bucket: string, key: string): void {
    if (!(BUCKETS as readonly string[]).includes(bucket)) throw new Error(`unknown bucket ${bucket}`);
    if (!isStorableKey(key)) throw new Error(`invalid object key ${JSON.stringify(key)}`);
  }

  private requireSigner(): MediaSigner {
    if (!this.signer) throw new Error('LocalDiskStore needs a MediaSigner to sign URLs');
    return this.signer;
  }

  pathOf(bucket: Bucket, key: string): string {
    this.check(bucket, key);
    return join(this.dir, bucket, key);
  }

  private metaPath(bucket: Bucket, key: string): string {
    return join(this.dir, '.meta', bucket, `${key}.json`);
  }

  async init(): Promise<void> {
    for (const b of BUCKETS) {
      await mkdir(join(this.dir, b), { recursive: true });
      await mkdir(join(this.dir, '.meta', b), { recursive: true });
    }
    await mkdir(join(this.dir, '.tmp'), { recursive: true });
  }

  async put(bucket: Bucket, key: string, body: Readable | Buffer, opts: PutOptions): Promise<ObjectInfo> {
    const target = this.pathOf(bucket, key);
    const tmp = join(this.dir, '.tmp', `${randomBytes(8).toString('hex')}.part`);
    const limit = byteLimit(opts.maxBytes ?? Number.MAX_SAFE_INTEGER);
    // Opened before streaming, so a body cut off at once cannot leave a file that finishes
    // opening after the clean-up below has run.
    const file = (await open(tmp, 'wx')).createWriteStream();
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, limit, file);
      // Derived keys have folders (hls/<id>/v1/full/…); uploads' flat keys have none.
      if (key.includes('/')) {
        await mkdir(dirname(target), { recursive: true });
        await mkdir(dirname(this.metaPath(bucket, key)), { recursive: true });
      }
      await writeFile(this.metaPath(bucket, key), JSON.stringify({ contentType: opts.contentType }));
      await rename(tmp, target);
    } catch (err) {
      // The file may still be opening when the pipeline fails; remove it only once it is closed.
      if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
      await rm(tmp, { force: true });
      throw err;
    }
    return { size: limit.bytes, contentType: opts.contentType };
  }

  async stat(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    try {
      const s = await stat(this.pathOf(bucket, key));
      if (!s.isFile()) return null;
      let contentType: string | null = null;
      try {
        contentType = (JSON.parse(await readFile(this.metaPath(bucket, key), 'utf8')) as { contentType?: string }).contentType ?? null;
      } catch {
        contentType = null;
      }
      return { size: s.size, contentType };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async read(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable> {
    const path = this.pathOf(bucket, key);
    const s = createReadStream(path, range ? { start: range.start, end: range.end } : {});
    // Surface ENOENT to the caller instead of as a late stream error.
    await new Promise<void>((resolve, reject) => {
      s.once('open', () => resolve());
      s.once('error', reject);
    });
    return s;
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    await rm(this.pathOf(bucket, key), { force: true });
    await rm(this.metaPath(bucket, key), { force: true });
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<number> {
    if (!(BUCKETS as readonly string[]).includes(bucket)) throw new Error(`unknown bucket ${bucket}`);
    if (!DERIVED_PREFIX_PATTERN.test(prefix)) throw new Error(`invalid prefix ${JSON.stringify(prefix)}`);
    const folder = join(this.dir, bucket, prefix);
    const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    await rm(folder, { recursive: true, force: true });
    await rm(join(this.dir, '.meta', bucket, prefix), { recursive: true, force: true });
    return files.filter((f) => f.isFile()).length;
  }

  async presignedUploadUrl(
    bucket: Bucket,
    key: string,
    opts: { expiresAt: Date; contentType: string; maxBytes: number; kind: UploadKind },
  ): Promise<UploadTarget> {
    this.check(bucket, key);
    const token = this.requireSigner().signUpload({ bucket, key, max: opts.maxBytes, kind: opts.kind, exp: Math.floor(opts.expiresAt.getTime() / 1000) });
    return { url: `${this.urlBase}/media/upload/${token}`, method: 'PUT', headers: { 'Content-Type': opts.contentType } };
  }

  async presignedDownloadUrl(bucket: Bucket, key: string, opts: { expiresAt: Date; downloadName?: string }): Promise<string> {
    this.check(bucket, key);
    const exp = Math.floor(opts.expiresAt.getTime() / 1000);
    const dl = opts.downloadName ?? '';
    const q = new URLSearchParams({ exp: String(exp), sig: this.requireSigner().signRead(bucket, key, exp, dl) });
    if (dl) q.set('dl', dl);
    return `${this.urlBase}/media/${bucket}/${encodeURIComponent(key)}?${q.toString()}`;
  }

  async processingSource(bucket: Bucket, key: string): Promise<string> {
    return this.pathOf(bucket, key);
  }
}
