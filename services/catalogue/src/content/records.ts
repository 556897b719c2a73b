import type { ContentCredits } from '../shared/records';
import type { ArticleCategory } from '../shared/categories';

/* The content room's tables as records (shared/records.ts says how rows become them: toRecord). */

export type ArticleStatus = 'draft' | 'published';

/** A news article; `bodyHtml` is stored already sanitised. Its image lives in the `pdfs` bucket (an illustration). */
export interface Article extends ContentCredits {
  id: string;
  title: string;
  excerpt: string;
  bodyHtml: string;
  author: string;
  category: ArticleCategory;
  imageKey: string | null;
  readTimeMinutes: number;
  status: ArticleStatus;
  /** Set when first published; the article's date. */
  publishedAt: Date | null;
  /** Title and excerpt, lower-case and without accents. */
  searchText: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface Testimonial {
  id: string;
  name: string;
  location: string;
  content: string;
  rating: number;
  videoTitle: string | null;
  isActive: boolean;
  createdAt: Date;
}

/** One site setting; keys absent from the table take their default (content/settings-rules.ts). */
export interface SiteSetting {
  key: string;
  value: string;
  updatedAt: Date;
}
