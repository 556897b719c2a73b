import type { Readable } from 'node:stream';
import type { Bucket, UploadKind } from '../../shared/buckets';

export type { Bucket };

export interface ObjectInfo {
  size: number;
  contentType: string | null;
}

export interface UploadTarget {
  url: string;
  method: 'PUT';
  /** Headers the browser must send with the PUT. */
  headers: Record<string, string>;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (and leave nothing behind) beyond this many bytes. */
  maxBytes?: number;
}

/**
 * Where media files live. Two adapters: the local disk (default) and MinIO/S3. Keys are an
 * upload's flat key (OBJECT_KEY_PATTERN) or a derived file's (DERIVED_KEY_PATTERN); buckets are `videos` (videos, thumbnails, presenter photos) and `pdfs`
 * (PDFs, illustrations, article images).
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Creates the buckets when missing. */
  init(): Promise<void>;
  put(bucket: Bucket, key: string, body: Readable | Buffer, opts: PutOptions): Promise<ObjectInfo>;
  /** Null when there is no such object. */
  stat(bucket: Bucket, key: string): Promise<ObjectInfo | null>;
  /** The bytes from `start` to `end` inclusive (the whole object when no range is given). */
  read(bucket: Bucket, key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Deletes every object under a derived folder (DERIVED_PREFIX_PATTERN, e.g. a video's streaming files); returns how many. */
  deletePrefix(bucket: Bucket, prefix: string): Promise<number>;
  /** A URL the browser PUTs the file to directly; valid until `expiresAt`. */
  presignedUploadUrl(bucket: Bucket, key: string, opts: { expiresAt: Date; contentType: string; maxBytes: number; kind: UploadKind }): Promise<UploadTarget>;
  /** A URL that reads the object (with Range support) until `expiresAt`; `downloadName` makes it an attachment. */
  presignedDownloadUrl(bucket: Bucket, key: string, opts: { expiresAt: Date; downloadName?: string; signedAt?: Date }): Promise<string>;
  /** Something ffmpeg can open: a local path or a short-lived URL reachable from this service. */
  processingSource(bucket: Bucket, key: string): Promise<string>;
  close?(): Promise<void>;
}

export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`object larger than ${maxBytes} bytes`);
  }
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
