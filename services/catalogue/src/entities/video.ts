import { Column, Entity } from 'typeorm';
import { CatalogueItem } from './catalogue-item';
import type { RenditionInfo } from '../shared/hls-contract';
import { numberColumn } from './transformers';

/** A paid video lesson. Its files live in the `videos` bucket under the keys below. */
@Entity({ name: 'videos' })
export class Video extends CatalogueItem {
  /** Null until known (given by the admin or probed by the process-video job). */
  @Column({ type: 'integer', name: 'duration_seconds', nullable: true })
  durationSeconds: number | null;

  @Column({ type: 'text', name: 'presenter_name', nullable: true })
  presenterName: string | null;

  @Column({ type: 'text', name: 'presenter_title', nullable: true })
  presenterTitle: string | null;

  @Column({ type: 'text', name: 'presenter_photo_key', nullable: true })
  presenterPhotoKey: string | null;

  @Column({ type: 'jsonb', name: 'learn_items', default: () => "'[]'::jsonb" })
  learnItems: string[];

  @Column({ type: 'text', name: 'video_key' })
  videoKey: string;

  /** As sniffed from the bytes, not as claimed by the browser. */
  @Column({ type: 'text', name: 'video_content_type' })
  videoContentType: string;

  @Column({ type: 'bigint', name: 'video_size', transformer: numberColumn })
  videoSize: number;

  @Column({ type: 'text', name: 'thumbnail_key', nullable: true })
  thumbnailKey: string | null;

  @Column({ type: 'integer', name: 'view_count', default: 0 })
  viewCount: number;

  /** pending → processing → ready | failed (the streaming pipeline, jobs/). */
  @Column({ type: 'text', name: 'processing_state', default: 'pending' })
  processingState: 'pending' | 'processing' | 'ready' | 'failed';

  @Column({ type: 'smallint', name: 'processing_progress', default: 0 })
  processingProgress: number;

  /** French, shown to administrators when failed. */
  @Column({ type: 'text', name: 'processing_error', nullable: true })
  processingError: string | null;

  @Column({ type: 'timestamptz', name: 'processing_updated_at', nullable: true })
  processingUpdatedAt: Date | null;

  /** The ladder being served: files under hlsPrefix(id, version); null until the first is ready. */
  @Column({ type: 'integer', name: 'hls_version', nullable: true })
  hlsVersion: number | null;

  /** The full ladder of hlsVersion as built, lowest first, audio last. */
  @Column({ type: 'jsonb', name: 'hls_renditions', default: () => "'[]'::jsonb" })
  hlsRenditions: RenditionInfo[];

  /** The preview's ladder of hlsVersion; empty when it has no preview. */
  @Column({ type: 'jsonb', name: 'preview_renditions', default: () => "'[]'::jsonb" })
  previewRenditions: RenditionInfo[];

  /** The preview length actually built into hlsVersion (previewSeconds may have changed since). */
  @Column({ type: 'integer', name: 'hls_preview_seconds', nullable: true })
  hlsPreviewSeconds: number | null;

  /** The version the pipeline was last asked to build (its job builds that one only); null until asked. */
  @Column({ type: 'integer', name: 'processing_version', nullable: true })
  processingVersion: number | null;

  /** Since when a failed build is on the back-office bell (operations/admin-alerts.ts); null when none is open. */
  @Column({ type: 'timestamptz', name: 'processing_alert_at', nullable: true })
  processingAlertAt: Date | null;

  /** The administrator's choice of preview length. */
  @Column({ type: 'integer', name: 'preview_seconds', default: 60 })
  previewSeconds: number;
}
