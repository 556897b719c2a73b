import type { MediaSigner } from '../signing';
import { LocalDiskStore } from './local-disk-store';
import { MinioStore, type S3Config } from './minio-store';
import type { ObjectStore } from './object-store';

export * from './object-store';
export { LocalDiskStore, MinioStore };

/** MinIO/S3 when an endpoint is configured, else the local disk. */
export function createObjectStore(opts: { s3?: S3Config; mediaDir: string; signer?: MediaSigner }): ObjectStore {
  return opts.s3 ? new MinioStore(opts.s3) : new LocalDiskStore(opts.mediaDir, opts.signer);
}
