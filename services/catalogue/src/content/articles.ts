import { settle, validInput, type Result } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { catalogueError, messages } from '../shared/errors';
import { createArticleInput, updateArticleInput } from '../shared/inputs';
import type { Page } from '../shared/pagination';
import { readTimeMinutes } from './read-time';
import { sanitizeArticleHtml } from './sanitize';
import { searchDocument } from '../shared/search';
import type { Article } from '../shared/records';
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
      return insertArticle(manager, {
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
      await saveArticle(manager, a);
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
      await saveArticle(manager, a);
      return a;
  });
  return article;
  });
}

export function deleteArticle(deps: CatalogueDeps, id: string): Promise<Result<void>> {
  return settle(async () => {
    const article = await deps.uow.run(async ({ manager }) => {
      const a = await lockArticle(manager, id);
      await deleteArticleRow(manager, a.id);
      return a;
  });
  if (article.imageKey) await deps.after.deleteObjects([{ bucket: 'pdfs', key: article.imageKey }]);
  });
}
