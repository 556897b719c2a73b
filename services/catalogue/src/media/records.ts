import type { Bucket, UploadKind } from '../shared/buckets';

/**
 * An upload URL handed to an administrator, until its file is attached to an item (the row is
 * deleted in the item's transaction) or abandoned (the cleanup job deletes the row and the object).
 */
export interface PendingUpload {
  id: string;
  kind: UploadKind;
  bucket: Bucket;
  objectKey: string;
  fileName: string;
  declaredContentType: string;
  declaredSize: number;
  maxBytes: number;
  createdBy: string;
  createdAt: Date;
  urlExpiresAt: Date;
  /** After this the upload counts as abandoned. */
  expiresAt: Date;
}
