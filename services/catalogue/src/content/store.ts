import { queryRows, type Row } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { ArticleCategory } from '../shared/categories';
import type { Page } from '../shared/pagination';
import { insertRecord, isUuid, pageOfRecords, recordById, saveRecord, SearchFilter } from '../shared/query-helpers';
import { toRecord } from '../shared/records';
import type { Article, ArticleStatus, SiteSetting, Testimonial } from './records';

/*
 * The content room's one door to the database: `articles`, `testimonials` and `site_settings`, as
 * SQL through the EntityManager (the catalogue's one way), rows turned into records by shared/records.ts.
 */

export interface ArticleQuery {
  search?: string | null;
  category?: ArticleCategory | null;
  /** Only for administrators; the public list is always published articles. */
  status?: ArticleStatus | null;
  page?: number | null;
  pageSize?: number | null;
}

/** Newest first: by publication date, drafts (no date yet) by creation date. */
export function pageOfArticles(manager: EntityManager, q: ArticleQuery, includeDrafts: boolean): Promise<Page<Article>> {
  const filter = new SearchFilter();
  if (!includeDrafts) filter.and(`a.status = 'published'`);
  else if (q.status) filter.and(`a.status = ${filter.param(q.status)}`);
  if (q.category) filter.and(`a.category = ${filter.param(q.category)}`);
  filter.search('a', q.search);
  return pageOfRecords<Article>(manager, 'articles a', filter, 'ORDER BY COALESCE(a.published_at, a.created_at) DESC, a.id DESC', q);
}

export function articleById(manager: EntityManager, id: string): Promise<Article | null> {
  return recordById<Article>(manager, 'articles', id, false);
}

export function lockedArticle(manager: EntityManager, id: string): Promise<Article | null> {
  return recordById<Article>(manager, 'articles', id, true);
}

export function insertArticle(manager: EntityManager, columns: Partial<Article>): Promise<Article> {
  return insertRecord<Article>(manager, 'articles', columns);
}

export function saveArticle(manager: EntityManager, a: Article): Promise<void> {
  return saveRecord(manager, 'articles', a);
}

export async function deleteArticleRow(manager: EntityManager, id: string): Promise<void> {
  await manager.query('DELETE FROM articles WHERE id = $1', [id]);
}

/** The newest active testimonials, at most `take`. */
export async function activeTestimonialRows(manager: EntityManager, take: number): Promise<Testimonial[]> {
  const rows = await queryRows<Row>(manager, 'SELECT * FROM testimonials WHERE is_active ORDER BY created_at DESC, id DESC LIMIT $1', [take]);
  return rows.map((r) => toRecord<Testimonial>(r));
}

export async function allTestimonialRows(manager: EntityManager): Promise<Testimonial[]> {
  const rows = await queryRows<Row>(manager, 'SELECT * FROM testimonials ORDER BY created_at DESC, id DESC');
  return rows.map((r) => toRecord<Testimonial>(r));
}

export function insertTestimonial(manager: EntityManager, columns: Partial<Testimonial>): Promise<Testimonial> {
  return insertRecord<Testimonial>(manager, 'testimonials', columns);
}

export function lockedTestimonial(manager: EntityManager, id: string): Promise<Testimonial | null> {
  return recordById<Testimonial>(manager, 'testimonials', id, true);
}

export async function saveTestimonial(manager: EntityManager, t: Testimonial): Promise<Testimonial> {
  await saveRecord(manager, 'testimonials', t);
  return t;
}

/** True when a row went. */
/** The deleted testimonial's id and name (for the journal), or null when there was none. */
export async function deleteTestimonialRow(manager: EntityManager, id: string): Promise<{ id: string; name: string } | null> {
  if (!isUuid(id)) return null;
  const [row] = await queryRows<{ id: string; name: string }>(manager, 'DELETE FROM testimonials WHERE id = $1 RETURNING id, name', [id]);
  return row ?? null;
}

export async function settingRows(manager: EntityManager): Promise<SiteSetting[]> {
  const rows = await queryRows<Row>(manager, 'SELECT * FROM site_settings');
  return rows.map((r) => toRecord<SiteSetting>(r));
}

export async function upsertSetting(manager: EntityManager, key: string, value: string): Promise<void> {
  await manager.query(
    `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, value],
  );
}
