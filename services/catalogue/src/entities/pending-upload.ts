import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Bucket, UploadKind } from '../shared/buckets';
import { numberColumn } from './transformers';

/**
 * An upload URL handed to an administrator, until its file is attached to an item (the row is
 * deleted in the item's transaction) or abandoned (the cleanup job deletes the row and the object).
 */
@Entity({ name: 'pending_uploads' })
export class PendingUpload {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  kind: UploadKind;

  @Column({ type: 'text' })
  bucket: Bucket;

  @Column({ type: 'text', name: 'object_key' })
  objectKey: string;

  @Column({ type: 'text', name: 'file_name' })
  fileName: string;

  @Column({ type: 'text', name: 'declared_content_type' })
  declaredContentType: string;

  @Column({ type: 'bigint', name: 'declared_size', transformer: numberColumn })
  declaredSize: number;

  @Column({ type: 'bigint', name: 'max_bytes', transformer: numberColumn })
  maxBytes: number;

  @Column({ type: 'uuid', name: 'created_by' })
  createdBy: string;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'url_expires_at' })
  urlExpiresAt: Date;

  /** After this the upload counts as abandoned. */
  @Column({ type: 'timestamptz', name: 'expires_at' })
  expiresAt: Date;
}
