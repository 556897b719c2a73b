import { changedFields, recordAdminAction, settle, validInput, type AdminActor, type ContentActor, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { applyCredits, newCredits } from '../shared/credits';
import { catalogueError, messages } from '../shared/errors';
import { dayIn } from '../shared/iso';
import { createArticleInput, updateArticleInput } from './inputs';
import type { Page } from '../shared/pagination';
import { readTimeMinutes } from './read-time';
import { sanitizeArticleHtml } from './sanitize';
import { searchDocument } from '../shared/search';
import type { Article } from './records';
import type { CatalogueDeps } from '../shared/deps';
import { claimUploads, verifyUploads } from '../media';
import { articleById, deleteArticleRow, insertArticle, lockedArticle, pageOfArticles, saveArticle, type ArticleQuery } from './store';

export type { ArticleQuery };

/** Newest first: by publication date, drafts (no date yet) by creation date. */
export function listArticles(deps: Pick<CatalogueDeps, 'ds'>, q: ArticleQuery, includeDrafts: boolean): Promise<Page<Article>> {
  return pageOfArticles(deps.ds.manager, q, includeDrafts);
}

export async function findArticle(deps: Pick<CatalogueDeps, 'ds'>, id: string, includeDrafts: boolean): Promise<Article | null> {
  const a = await articleById(deps.ds.manager, id);
  return a && (includeDrafts || a.status === 'published') ? a : null;
}

async function lockArticle(manager: EntityManager, id: string): Promise<Article> {
  const a = await lockedArticle(manager, id);
  if (!a) throw catalogueError('NOT_FOUND', messages.articleNotFound);
  return a;
}

/** The fields an update's journal entry compares, before and after. */
const JOURNAL_FIELDS = ['title', 'excerpt', 'author', 'category', 'bodyHtml', 'imageKey'] as const;

/** Body sanitised, then checked non-empty: a body that was only a script is no body. */
function cleanBody(html: string): string {
  const clean = sanitizeArticleHtml(html);
  if (!clean.replace(/<[^>]*>/g, '').trim() && !/<img/i.test(clean)) {
    throw catalogueError('VALIDATION', messages.articleRequired, 'bodyHtml');
  }
  return clean;
}

export function createArticle(deps: CatalogueDeps, by: ContentActor, input: unknown): Promise<Result<Article>> {
  return settle(async () => {
    const i = validInput(createArticleInput, input);
    const bodyHtml = cleanBody(i.bodyHtml);
    const files = await verifyUploads(deps, [{ id: i.imageUploadId, kinds: ['ILLUSTRATION'], field: 'imageUploadId' }]);
    const now = new Date();
    const article = await deps.uow.run(async (tx) => {
      await claimUploads(tx.manager, files);
      const created = await insertArticle(tx.manager, {
        id: randomUUID(),
        title: i.title,
        excerpt: i.excerpt,
        bodyHtml,
        author: i.author,
        ...newCredits(i, dayIn(deps.siteTimezone, now)),
        category: i.category,
        imageKey: files.imageUploadId?.upload.objectKey ?? null,
        readTimeMinutes: readTimeMinutes(bodyHtml),
        status: i.publish ? 'published' : 'draft',
        publishedAt: i.publish ? now : null,
        searchText: searchDocument(i.title, i.excerpt),
        createdAt: now,
        updatedAt: now,
      });
      await recordAdminAction(tx, by, 'article.created', { id: created.id, label: created.title }, { status: created.status, category: created.category });
      return created;
  });
  return article;
  });
}

export function updateArticle(deps: CatalogueDeps, by: ContentActor, id: string, input: unknown): Promise<Result<Article>> {
  return settle(async () => {
    const i = validInput(updateArticleInput, input);
    const bodyHtml = i.bodyHtml === undefined ? undefined : cleanBody(i.bodyHtml);
    if (!(await findArticle(deps, id, true))) throw catalogueError('NOT_FOUND', messages.articleNotFound);
    const files = await verifyUploads(deps, [{ id: i.imageUploadId, kinds: ['ILLUSTRATION'], field: 'imageUploadId' }]);
    let replaced: string | null = null;
    const article = await deps.uow.run(async (tx) => {
      const { manager } = tx;
      const a = await lockArticle(manager, id);
      const before = { ...a };
      await claimUploads(manager, files);
      if (i.title !== undefined) a.title = i.title;
      if (i.excerpt !== undefined) a.excerpt = i.excerpt;
      if (i.author !== undefined) a.author = i.author;
      applyCredits(a, i);
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
      await saveArticle(manager, a);
      await recordAdminAction(tx, by, 'article.updated', { id: a.id, label: a.title }, changedFields(before, a, JOURNAL_FIELDS));
      return a;
  });
  if (replaced) await deps.after.deleteObjects([{ bucket: 'pdfs', key: replaced }]);
  return article;
  });
}

/**
 * Publishing keeps the first publication date, so unpublishing and republishing does not move an
 * article. The journal records a change of state, not a click on the state it has already.
 */
export function setArticlePublished(deps: CatalogueDeps, by: ContentActor, id: string, published: boolean): Promise<Result<Article>> {
  return settle(async () => {
    const article = await deps.uow.run(async (tx) => {
      const { manager } = tx;
      const a = await lockArticle(manager, id);
      const status = published ? 'published' : 'draft';
      if (a.status !== status) await recordAdminAction(tx, by, published ? 'article.published' : 'article.unpublished', { id: a.id, label: a.title });
      a.status = status;
      if (published && !a.publishedAt) a.publishedAt = new Date();
      a.updatedAt = new Date();
      await saveArticle(manager, a);
      return a;
  });
  return article;
  });
}

export function deleteArticle(deps: CatalogueDeps, admin: AdminActor, id: string): Promise<Result<void>> {
  return settle(async () => {
    const article = await deps.uow.run(async (tx) => {
      const a = await lockArticle(tx.manager, id);
      await deleteArticleRow(tx.manager, a.id);
      await recordAdminAction(tx, admin, 'article.deleted', { id: a.id, label: a.title });
      return a;
  });
  if (article.imageKey) await deps.after.deleteObjects([{ bucket: 'pdfs', key: article.imageKey }]);
  });
}
