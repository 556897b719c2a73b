import { Column, PrimaryColumn } from 'typeorm';
import type { ContentCategory } from '../shared/categories';

/**
 * The columns every item sold in the catalogue (a video, a PDF) has, alike in both tables. Not an
 * entity itself: each subclass is its own table (TypeORM's concrete table inheritance), so the
 * columns stay exactly those of the migration.
 */
export abstract class CatalogueItem {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'text' })
  category: ContentCategory;

  @Column({ type: 'integer', name: 'price_cents' })
  priceCents: number;

  @Column({ type: 'text', default: 'USD' })
  currency: 'USD';

  @Column({ type: 'integer', name: 'download_count', default: 0 })
  downloadCount: number;

  /** Title and description, lower-case and without accents (domain/search.ts). */
  @Column({ type: 'text', name: 'search_text' })
  searchText: string;

  /** Title, lower-case and without accents, for A-Z sorting. */
  @Column({ type: 'text', name: 'title_key' })
  titleKey: string;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt: Date | null;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
