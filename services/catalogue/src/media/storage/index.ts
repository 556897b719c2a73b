import type { MediaSigner } from '../signing';
import { LocalDiskStore } from './local-disk-store';
import type { S3Config } from './minio-store';
import type { ObjectStore } from './object-store';

export * from './object-store';
export { LocalDiskStore };

/**
 * MinIO/S3 when an endpoint is configured, else the local disk. The minio client (a tenth of the
 * service's modules) is loaded only when it is the one used: a restarted catalogue on disk answers
 * sooner (issue 22 §5).
 */
export function createObjectStore(opts: { s3?: S3Config; mediaDir: string; signer?: MediaSigner }): ObjectStore {
  if (!opts.s3) return new LocalDiskStore(opts.mediaDir, opts.signer);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { MinioStore } = require('./minio-store') as typeof import('./minio-store');
  return new MinioStore(opts.s3);
}
