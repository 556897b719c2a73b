import { fromRow, type Row } from '@lbf/service-kit';
import type { Bucket, UploadKind } from './buckets';
import type { ArticleCategory, ContentCategory } from './categories';
import type { RenditionInfo } from './hls-contract';

/*
 * The catalogue's tables as records: the columns of the migrations (src/migrations/) in camelCase,
 * read and written with SQL by each room's store.ts (the catalogue's one way to the database, as in
 * every service) and turned into these shapes by `toRecord`.
 */

/** The columns every item sold in the catalogue (a video, a PDF) has, alike in both tables. */
export interface CatalogueItem {
  id: string;
  title: string;
  description: string;
  category: ContentCategory;
  priceCents: number;
  currency: 'USD';
  downloadCount: number;
  /** Title and description, lower-case and without accents (shared/search.ts). */
  searchText: string;
  /** Title, lower-case and without accents, for A-Z sorting. */
  titleKey: string;
  createdAt: Date;
  publishedAt: Date | null;
  updatedAt: Date;
}

/** A paid video lesson. Its files live in the `videos` bucket under the keys below. */
export interface Video extends CatalogueItem {
  /** Null until known (given by the admin or probed by the process-video job). */
  durationSeconds: number | null;
  presenterName: string | null;
  presenterTitle: string | null;
  presenterPhotoKey: string | null;
  learnItems: string[];
  videoKey: string;
  /** As sniffed from the bytes, not as claimed by the browser. */
  videoContentType: string;
  videoSize: number;
  thumbnailKey: string | null;
  viewCount: number;
  /** pending → processing → ready | failed (the streaming pipeline, media/processing/). */
  processingState: 'pending' | 'processing' | 'ready' | 'failed';
  processingProgress: number;
  /** French, shown to administrators when failed. */
  processingError: string | null;
  processingUpdatedAt: Date | null;
  /** The ladder being served: files under hlsPrefix(id, version); null until the first is ready. */
  hlsVersion: number | null;
  /** The full ladder of hlsVersion as built, lowest first, audio last. */
  hlsRenditions: RenditionInfo[];
  /** The preview's ladder of hlsVersion; empty when it has no preview. */
  previewRenditions: RenditionInfo[];
  /** The preview length actually built into hlsVersion (previewSeconds may have changed since). */
  hlsPreviewSeconds: number | null;
  /** The version the pipeline was last asked to build (its job builds that one only); null until asked. */
  processingVersion: number | null;
  /** Since when a failed build is on the back-office bell (media/processing/processing-alerts.ts); null when none is open. */
  processingAlertAt: Date | null;
  /** The administrator's choice of preview length. */
  previewSeconds: number;
}

/** A PDF guide. Its file and illustration live in the `pdfs` bucket. */
export interface Pdf extends CatalogueItem {
  fileKey: string;
  fileSize: number;
  /** Read from the file with pdf-lib; null when it could not be read. */
  pageCount: number | null;
  illustrationKey: string | null;
  /** Average rating out of 5, one decimal; null until rated. */
  rating: number | null;
}

export type ArticleStatus = 'draft' | 'published';

/** A news article; `bodyHtml` is stored already sanitised. Its image lives in the `pdfs` bucket (an illustration). */
export interface Article {
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

/** bigint and numeric columns arrive from pg as strings; the values here stay far below 2^53. */
const NUMERIC_COLUMNS = new Set(['video_size', 'file_size', 'rating', 'declared_size', 'max_bytes']);

/** A row of one of the tables above as its record. */
export function toRecord<T>(row: Row): T {
  const numbered = Object.entries(row).map(([k, v]) => [k, NUMERIC_COLUMNS.has(k) && v !== null && v !== undefined ? Number(v) : v]);
  return fromRow<T>(Object.fromEntries(numbered) as Row);
}
