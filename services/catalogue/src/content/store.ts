import type { EntityManager } from 'typeorm';
import { Article, SiteSetting, Testimonial } from '../entities';
import type { ArticleCategory } from '../shared/categories';
import { pageRequest, toPage, type Page } from '../shared/pagination';
import { applySearch, isUuid } from '../shared/query-helpers';
import type { ArticleStatus } from '../entities/article';

/*
 * The content room's one door to the database: `articles`, `testimonials` and `site_settings`,
 * through TypeORM's repositories (the settings' upsert, one statement, through the same manager).
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
export async function pageOfArticles(manager: EntityManager, q: ArticleQuery, includeDrafts: boolean): Promise<Page<Article>> {
  const req = pageRequest(q.page, q.pageSize);
  const qb = manager.getRepository(Article).createQueryBuilder('a');
  if (!includeDrafts) qb.where(`a.status = 'published'`);
  else if (q.status) qb.where('a.status = :status', { status: q.status });
  if (q.category) qb.andWhere('a.category = :category', { category: q.category });
  applySearch(qb, 'a', q.search);
  qb.orderBy('COALESCE(a.published_at, a.created_at)', 'DESC').addOrderBy('a.id', 'DESC');
  const [items, total] = await qb.offset(req.offset).limit(req.pageSize).getManyAndCount();
  return toPage(items, total, req);
}

export function articleById(manager: EntityManager, id: string): Promise<Article | null> {
  return isUuid(id) ? manager.getRepository(Article).findOneBy({ id }) : Promise.resolve(null);
}

export function lockedArticle(manager: EntityManager, id: string): Promise<Article | null> {
  return isUuid(id) ? manager.getRepository(Article).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : Promise.resolve(null);
}

export async function insertArticle(manager: EntityManager, columns: Partial<Article>): Promise<Article> {
  const a = manager.getRepository(Article).create(columns);
  await manager.getRepository(Article).insert(a);
  return a;
}

export async function saveArticle(manager: EntityManager, a: Article): Promise<void> {
  await manager.getRepository(Article).save(a);
}

export async function deleteArticleRow(manager: EntityManager, id: string): Promise<void> {
  await manager.getRepository(Article).delete({ id });
}

/** The newest active testimonials, at most `take`. */
export function activeTestimonialRows(manager: EntityManager, take: number): Promise<Testimonial[]> {
  return manager.getRepository(Testimonial).find({ where: { isActive: true }, order: { createdAt: 'DESC', id: 'DESC' }, take });
}

export function allTestimonialRows(manager: EntityManager): Promise<Testimonial[]> {
  return manager.getRepository(Testimonial).find({ order: { createdAt: 'DESC', id: 'DESC' } });
}

export async function insertTestimonial(manager: EntityManager, columns: Partial<Testimonial>): Promise<Testimonial> {
  const repo = manager.getRepository(Testimonial);
  const t = repo.create(columns);
  await repo.insert(t);
  return t;
}

export function lockedTestimonial(manager: EntityManager, id: string): Promise<Testimonial | null> {
  return isUuid(id) ? manager.getRepository(Testimonial).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : Promise.resolve(null);
}

export function saveTestimonial(manager: EntityManager, t: Testimonial): Promise<Testimonial> {
  return manager.getRepository(Testimonial).save(t);
}

/** True when a row went. */
export async function deleteTestimonialRow(manager: EntityManager, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return !!(await manager.getRepository(Testimonial).delete({ id })).affected;
}

export function settingRows(manager: EntityManager): Promise<SiteSetting[]> {
  return manager.getRepository(SiteSetting).find();
}

export async function upsertSetting(manager: EntityManager, key: string, value: string): Promise<void> {
  await manager.query(
    `INSERT INTO site_settings (key, value, updated_at) VALUES ($1, $2, now())
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = EXCLUDED.updated_at`,
    [key, value],
  );
}
