import { settle, validInput, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { ArticleCategory } from '../shared/categories';
import { catalogueError, messages } from '../shared/errors';
import { createArticleInput, updateArticleInput } from '../shared/inputs';
import { pageRequest, toPage, type Page } from '../shared/pagination';
import { readTimeMinutes } from './read-time';
import { sanitizeArticleHtml } from './sanitize';
import { searchDocument } from '../shared/search';
import { Article, type ArticleStatus } from '../entities/article';
import type { CatalogueDeps } from '../shared/deps';
import { applySearch, isUuid } from '../shared/query-helpers';
import { claimUploads, verifyUploads } from '../media';

export interface ArticleQuery {
  search?: string | null;
  category?: ArticleCategory | null;
  /** Only for administrators; the public list is always published articles. */
  status?: ArticleStatus | null;
  page?: number | null;
  pageSize?: number | null;
}

/** Newest first: by publication date, drafts (no date yet) by creation date. */
export async function listArticles(deps: Pick<CatalogueDeps, 'ds'>, q: ArticleQuery, includeDrafts: boolean): Promise<Page<Article>> {
  const req = pageRequest(q.page, q.pageSize);
  const qb = deps.ds.getRepository(Article).createQueryBuilder('a');
  if (!includeDrafts) qb.where(`a.status = 'published'`);
  else if (q.status) qb.where('a.status = :status', { status: q.status });
  if (q.category) qb.andWhere('a.category = :category', { category: q.category });
  applySearch(qb, 'a', q.search);
  qb.orderBy('COALESCE(a.published_at, a.created_at)', 'DESC').addOrderBy('a.id', 'DESC');
  const [items, total] = await qb.offset(req.offset).limit(req.pageSize).getManyAndCount();
  return toPage(items, total, req);
}

export async function findArticle(deps: Pick<CatalogueDeps, 'ds'>, id: string, includeDrafts: boolean): Promise<Article | null> {
  if (!isUuid(id)) return null;
  const a = await deps.ds.getRepository(Article).findOneBy({ id });
  return a && (includeDrafts || a.status === 'published') ? a : null;
}

async function lockArticle(manager: EntityManager, id: string): Promise<Article> {
  const a = isUuid(id) ? await manager.getRepository(Article).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } }) : null;
  if (!a) throw catalogueError('NOT_FOUND', messages.articleNotFound);
  return a;
}

/** Body sanitised, then checked non-empty: a body that was only a script is no body. */
function cleanBody(html: string): string {
  const clean = sanitizeArticleHtml(html);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img/i.test(clean)) {
    throw catalogueError('VALIDATION', messages.articleRequired, 'bodyHtml');
  }
  return clean;
}

export function createArticle(deps: CatalogueDeps, input: unknown): Promise<Result<Article>> {
  return settle(async () => {
  const i = validInput(createArticleInput, input);
  const bodyHtml = cleanBody(i.bodyHtml);
  const files = await verifyUploads(deps, [{ id: i.imageUploadId, kinds: ['ILLUSTRATION'], field: 'imageUploadId' }]);
  const now = new Date();
  const article = await deps.uow.run(async ({ manager }) => {
    await claimUploads(manager, files);
    const a = manager.getRepository(Article).create({
      id: randomUUID(),
      title: i.title,
      excerpt: i.excerpt,
      bodyHtml,
      author: i.author,
      category: i.category,
      imageKey: files.imageUploadId?.upload.objectKey ?? null,
      readTimeMinutes: readTimeMinutes(bodyHtml),
      status: i.publish ? 'published' : 'draft',
      publishedAt: i.publish ? now : null,
      searchText: searchDocument(i.title, i.excerpt),
      createdAt: now,
      updatedAt: now,
    });
    await manager.getRepository(Article).insert(a);
    return a;
  });
  return article;
  });
}

export function updateArticle(deps: CatalogueDeps, id: string, input: unknown): Promise<Result<Article>> {
  return settle(async () => {
  const i = validInput(updateArticleInput, input);
  const bodyHtml = i.bodyHtml === undefined ? undefined : cleanBody(i.bodyHtml);
  if (!(await findArticle(deps, id, true))) throw catalogueError('NOT_FOUND', messages.articleNotFound);
  const files = await verifyUploads(deps, [{ id: i.imageUploadId, kinds: ['ILLUSTRATION'], field: 'imageUploadId' }]);
  let replaced: string | null = null;
  const article = await deps.uow.run(async ({ manager }) => {
    const a = await lockArticle(manager, id);
    await claimUploads(manager, files);
    if (i.title !== undefined) a.title = i.title;
    if (i.excerpt !== undefined) a.excerpt = i.excerpt;
    if (i.author !== undefined) a.author = i.author;
    if (i.category !== undefined) a.category = i.category;
    if (bodyHtml !== undefined) {
      a.bodyHtml = bodyHtml;
      a.readTimeMinutes = readTimeMinutes(bodyHtml);
    }
    if (files.imageUploadId) {
      replaced = a.imageKey;
      a.imageKey = files.imageUploadId.upload.objectKey;
    }
    a.searchText = searchDocument(a.title, a.excerpt);
    a.updatedAt = new Date();
    await manager.getRepository(Article).save(a);
    return a;
  });
  if (replaced) await deps.after.deleteObjects([{ bucket: 'pdfs', key: replaced }]);
  return article;
  });
}

/** Publishing keeps the first publication date, so unpublishing and republishing does not move an article. */
export function setArticlePublished(deps: CatalogueDeps, id: string, published: boolean): Promise<Result<Article>> {
  return settle(async () => {
  const article = await deps.uow.run(async ({ manager }) => {
    const a = await lockArticle(manager, id);
    a.status = published ? 'published' : 'draft';
    if (published && !a.publishedAt) a.publishedAt = new Date();
    a.updatedAt = new Date();
    await manager.getRepository(Article).save(a);
    return a;
  });
  return article;
  });
}

export function deleteArticle(deps: CatalogueDeps, id: string): Promise<Result<void>> {
  return settle(async () => {
  const article = await deps.uow.run(async ({ manager }) => {
    const a = await lockArticle(manager, id);
    await manager.getRepository(Article).delete({ id: a.id });
    return a;
  });
  if (article.imageKey) await deps.after.deleteObjects([{ bucket: 'pdfs', key: article.imageKey }]);
  });
}
