import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { ArticleCategory } from '../shared/categories';

export type ArticleStatus = 'draft' | 'published';

/** A news article; `bodyHtml` is stored already sanitised. Its image lives in the `pdfs` bucket (an illustration). */
@Entity({ name: 'articles' })
export class Article {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ type: 'text' })
  title: string;

  @Column({ type: 'text' })
  excerpt: string;

  @Column({ type: 'text', name: 'body_html' })
  bodyHtml: string;

  @Column({ type: 'text' })
  author: string;

  @Column({ type: 'text' })
  category: ArticleCategory;

  @Column({ type: 'text', name: 'image_key', nullable: true })
  imageKey: string | null;

  @Column({ type: 'integer', name: 'read_time_minutes' })
  readTimeMinutes: number;

  @Column({ type: 'text' })
  status: ArticleStatus;

  /** Set when first published; the article's date. */
  @Column({ type: 'timestamptz', name: 'published_at', nullable: true })
  publishedAt: Date | null;

  /** Title and excerpt, lower-case and without accents. */
  @Column({ type: 'text', name: 'search_text' })
  searchText: string;

  @Column({ type: 'timestamptz', name: 'created_at' })
  createdAt: Date;

  @Column({ type: 'timestamptz', name: 'updated_at' })
  updatedAt: Date;
}
