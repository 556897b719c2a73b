import { fromRow, type Row } from '@lbf/service-kit';
import type { ContentCategory } from './categories';
import type { RenditionInfo } from './hls-contract';

/*
 * The catalogue's tables as records: the columns of the migrations (src/migrations/) in camelCase,
 * read and written with SQL by each room's store.ts (the catalogue's one way to the database, as in
 * every service) and turned into these shapes by `toRecord`.
 */

/**
 * Who stands behind a piece of health content (« Par … », « Relu par … ») and the day an
 * administrator last brought it up to date (« Mis à jour le … », YYYY-MM-DD): articles, videos, PDFs.
 */
export interface ContentCredits {
  reviewer: string | null;
  contentUpdatedOn: string | null;
}

/** The columns every item sold in the catalogue (a video, a PDF) has, alike in both tables. */
export interface CatalogueItem extends ContentCredits {
  id: string;
  title: string;
  description: string;
  category: ContentCategory;
  priceCents: number;
  currency: 'USD';
  downloadCount: number;
  /** The lesson's or guide's writer; null when not given (an article's is required). */
  author: string | null;
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

/** bigint and numeric columns arrive from pg as strings; the values here stay far below 2^53. */
const NUMERIC_COLUMNS = new Set(['video_size', 'file_size', 'rating', 'declared_size', 'max_bytes']);

/** date columns arrive from pg as local midnights; the records keep the day itself (YYYY-MM-DD). */
const DAY_COLUMNS = new Set(['content_updated_on']);

function dayOf(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function columnValue(column: string, v: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (NUMERIC_COLUMNS.has(column)) return Number(v);
  if (DAY_COLUMNS.has(column) && v instanceof Date) return dayOf(v);
  return v;
}

/** A row of one of the tables above as its record. */
export function toRecord<T>(row: Row): T {
  const converted = Object.entries(row).map(([k, v]) => [k, columnValue(k, v)]);
  return fromRow<T>(Object.fromEntries(converted) as Row);
}
