import { Client, type ClientOptions } from 'minio';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BUCKETS, DERIVED_PREFIX_PATTERN, isStorableKey } from '../upload-rules';
import { byteLimit } from './local-disk-store';
import { attachmentDisposition, ObjectTooLargeError, type Bucket, type ObjectInfo, type ObjectStore, type PutOptions, type UploadTarget } from './object-store';

export interface S3Config {
  /** e.g. http://127.0.0.1:9000 (what this service reaches). */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  region?: string;
  /** Origin browsers reach the store at, when it differs from `endpoint` (e.g. in containers). Presigned URLs are signed for it. */
  publicEndpoint?: string;
  /** Bucket names when they differ from `videos` / `pdfs` (a shared S3 account, or tests). */
  bucketNames?: Partial<Record<Bucket, string>>;
}

const DEFAULT_REGION = 'us-east-1';

function clientOptions(endpoint: string, cfg: S3Config): ClientOptions {
  const u = new URL(endpoint);
  const useSSL = u.protocol === 'https:';
  return {
    endPoint: u.hostname,
    port: u.port ? Number(u.port) : useSSL ? 443 : 80,
    useSSL,
    accessKey: cfg.accessKey,
    secretKey: cfg.secretKey,
    // With a region set, presigning never asks the server for the bucket's location.
    region: cfg.region ?? DEFAULT_REGION,
    pathStyle: true,
  };
}

function isNotFound(err: unknown): boolean {
  const code = (err as { code?: string }).code;
  return code === 'NotFound' || code === 'NoSuchKey' || code === 'NoSuchBucket';
}

const seconds = (at: Date, from = new Date()) => Math.max(1, Math.floor((at.getTime() - from.getTime()) / 1000));

/** MinIO / S3 through the `minio` client; presigned PUT for uploads, presigned GET (Range-capable) for reads. */
export class MinioStore implements ObjectStore {
  readonly kind = 's3' as const;
  private readonly client: Client;
  private readonly signing: Client;
  private readonly region: string;

  constructor(private readonly cfg: S3Config) {
    this.client = new Client(clientOptions(cfg.endpoint, cfg));
    this.signing = cfg.publicEndpoint ? new Client(clientOptions(cfg.publicEndpoint, cfg)) : this.client;
    this.region = cfg.region ?? DEFAULT_REGION;
  }

  private name(bucket: Bucket): string {
    if (!(BUCKETS as readonly string[]).includes(bucket)) throw new Error(`unknown bucket ${bucket}`);
    return this.cfg.bucketNames?.[bucket] ?? bucket;
  }

  private key(key: string): string {
    if (!isStorableKey(key)) throw new Error(`invalid object key ${JSON.stringify(key)}`);
    return key;
  }

  async init(): Promise<void> {
    for (const b of BUCKETS) {
      const name = this.name(b);
      if (!(await this.client.bucketExists(name))) {
        try {
          await this.client.makeBucket(name, this.region);
        } catch (err) {
          // Another instance created it in between.
          if (!(await this.client.bucketExists(name))) throw err;
        }
      }
    }
  }

  async put(bucket: Bucket, key: string, body: Readable | Buffer, opts: PutOptions): Promise<ObjectInfo> {
    const meta = { 'Content-Type': opts.contentType };
    if (Buffer.isBuffer(body)) {
      if (opts.maxBytes !== undefined && body.length > opts.maxBytes) throw new ObjectTooLargeError(opts.maxBytes);
      await this.client.putObject(this.name(bucket), this.key(key), body, body.length, meta);
      return { size: body.length, contentType: opts.contentType };
    }
    // Spooled to a temporary file first: the size is then known (and within the limit) before
    // anything is sent, so S3 never holds a partial object and small files go in one PUT.
    const dir = await mkdtemp(join(tmpdir(), 'lbf-s3-put-'));
    try {
      const file = join(dir, 'body');
      const limit = byteLimit(opts.maxBytes ?? Number.MAX_SAFE_INTEGER);
      await pipeline(body, limit, createWriteStream(file));
      await this.client.putObject(this.name(bucket), this.key(key), createReadStream(file), limit.bytes, meta);
      return { size: limit.bytes, contentType: opts.contentType };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async stat(bucket: Bucket, key: string): Promise<ObjectInfo | null> {
    try {
      const s = await this.client.statObject(this.name(bucket), this.key(key));
      const type = s.metaData['content-type'] ?? s.metaData['Content-Type'];
      return { size: s.size, contentType: typeof type === 'string' ? type : null };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async read(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable> {
    if (!range) return this.client.getObject(this.name(bucket), this.key(key));
    return this.client.getPartialObject(this.name(bucket), this.key(key), range.start, range.end - range.start + 1);
  }

  async delete(bucket: Bucket, key: string): Promise<void> {
    try {
      await this.client.removeObject(this.name(bucket), this.key(key));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  async deletePrefix(bucket: Bucket, prefix: string): Promise<number> {
    if (!DERIVED_PREFIX_PATTERN.test(prefix)) throw new Error(`invalid prefix ${JSON.stringify(prefix)}`);
    const name = this.name(bucket);
    const keys: string[] = [];
    for await (const item of this.client.listObjectsV2(name, prefix, true) as AsyncIterable<{ name?: string }>) {
      if (item.name) keys.push(item.name);
    }
    // removeObjects sends batches of 1000 (the S3 DeleteObjects limit) itself.
    if (keys.length) await this.client.removeObjects(name, keys);
    return keys.length;
  }

  /**
   * A presigned PUT cannot cap the size (only a POST policy can); the limit is checked when the
   * upload is used (the object is deleted if it is over), and the declared size beforehand.
   */
  async presignedUploadUrl(bucket: Bucket, key: string, opts: { expiresAt: Date; contentType: string }): Promise<UploadTarget> {
    const url = await this.signing.presignedPutObject(this.name(bucket), this.key(key), seconds(opts.expiresAt));
    return { url, method: 'PUT', headers: { 'Content-Type': opts.contentType } };
  }

  async presignedDownloadUrl(bucket: Bucket, key: string, opts: { expiresAt: Date; downloadName?: string; signedAt?: Date }): Promise<string> {
    const params: Record<string, string> = {};
    if (opts.downloadName) params['response-content-disposition'] = attachmentDisposition(opts.downloadName);
    const signedAt = opts.signedAt ?? new Date();
    return this.signing.presignedGetObject(this.name(bucket), this.key(key), seconds(opts.expiresAt, signedAt), params, signedAt);
  }

  async processingSource(bucket: Bucket, key: string): Promise<string> {
    return this.client.presignedGetObject(this.name(bucket), this.key(key), 3600);
  }
}
