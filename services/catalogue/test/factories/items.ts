import type { TestEnvironment } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { normalizeText, searchDocument } from '../../src/shared/search';

/** The items room's factories: rows written straight in the file's database. */
export interface VideoRow {
  id?: string;
  title: string;
  description?: string;
  category?: string;
  priceCents?: number;
  durationSeconds?: number | null;
  createdAt?: Date;
  presenterName?: string | null;
  viewCount?: number;
}

/** Per database connection: each inserted video is a minute older than the last unless told. */
const minutesBack = new WeakMap<object, number>();

/**
 * A published video row straight in the table (no file behind it, marked ready so the pipeline
 * leaves it be), for the query tests.
 */
export async function insertVideo(sql: TestEnvironment['sql'], v: VideoRow): Promise<string> {
  const id = v.id ?? randomUUID();
  const minutes = (minutesBack.get(sql) ?? 0) + 1;
  minutesBack.set(sql, minutes);
  await sql.query(
    `INSERT INTO catalogue.videos (id, title, description, category, price_cents, duration_seconds, presenter_name, view_count,
       video_key, video_content_type, video_size, search_text, title_key, created_at, published_at, updated_at, processing_state, processing_progress)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'video/mp4', 1000, $10, $11, $12, $12, $12, 'ready', 100)`,
    [
      id,
      v.title,
      v.description ?? '',
      v.category ?? 'health',
      v.priceCents ?? 359,
      v.durationSeconds ?? null,
      v.presenterName ?? null,
      v.viewCount ?? 0,
      `test-${id}.mp4`,
      searchDocument(v.title, v.description ?? ''),
      normalizeText(v.title),
      v.createdAt ?? new Date(Date.now() - minutes * 60_000),
    ],
  );
  return id;
}

export interface PdfRow {
  id?: string;
  title: string;
  description?: string;
  category?: string;
}

/** A published PDF guide row straight in the table (no file behind it), for the query tests. */
export async function insertPdf(sql: TestEnvironment['sql'], p: PdfRow): Promise<string> {
  const id = p.id ?? randomUUID();
  await sql.query(
    `INSERT INTO catalogue.pdfs (id, title, description, category, file_key, file_size, search_text, title_key, published_at)
     VALUES ($1, $2, $3, $4, $5, 1000, $6, $7, now())`,
    [id, p.title, p.description ?? '', p.category ?? 'health', `test-${id}.pdf`, searchDocument(p.title, p.description ?? ''), normalizeText(p.title)],
  );
  return id;
}
