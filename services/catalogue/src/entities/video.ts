import { Column, Entity } from 'typeorm';
import { CatalogueItem } from './catalogue-item';
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
}
