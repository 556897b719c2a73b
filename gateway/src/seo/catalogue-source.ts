import { paths } from '../ssr/web-routes';
import { articlePath, newest, pdfPath, STATIC_PATHS, videoPath, type SitemapEntry } from './sitemap';

/** Sends one GraphQL operation as a visitor (no cookie, no token) and returns its data. */
export type VisitorGraphql = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

interface Page<T> {
  items: T[];
  totalPages: number;
}

/** The API's largest page. */
const PAGE_SIZE = 100;
/** A sitemap holds at most 50 000 URLs; 100 pages of each kind stays far below. */
const MAX_PAGES = 100;

const ARTICLES = `query SitemapArticles($page: Int, $pageSize: Int) {
  articles(page: $page, pageSize: $pageSize) { items { id publishedAt updatedAt } totalPages }
}`;
const VIDEOS = `query SitemapVideos($page: Int, $pageSize: Int) {
  videos(page: $page, pageSize: $pageSize) { items { id publishedAt createdAt } totalPages }
}`;
const PDFS = `query SitemapPdfs($page: Int, $pageSize: Int) {
  pdfs(page: $page, pageSize: $pageSize) { items { id publishedAt createdAt } totalPages }
}`;
const SETTINGS = `query SitemapSettings { siteSettings { updatedAt } }`;

async function allPages<T>(graphql: VisitorGraphql, query: string, field: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const data = await graphql<Record<string, Page<T>>>(query, { page, pageSize: PAGE_SIZE });
    const result = data[field];
    if (!result) throw new Error(`sitemap: no ${field} in the answer`);
    items.push(...result.items);
    if (page >= result.totalPages) break;
  }
  return items;
}

/** Every URL of the sitemap, home first. */
export async function sitemapEntries(graphql: VisitorGraphql): Promise<SitemapEntry[]> {
  const [articles, videos, pdfs, settings] = await Promise.all([
    allPages<{ id: string; publishedAt: string | null; updatedAt: string }>(graphql, ARTICLES, 'articles'),
    allPages<{ id: string; publishedAt: string | null; createdAt: string }>(graphql, VIDEOS, 'videos'),
    allPages<{ id: string; publishedAt: string | null; createdAt: string }>(graphql, PDFS, 'pdfs'),
    graphql<{ siteSettings: { updatedAt: string | null } }>(SETTINGS),
  ]);
  const articleDates = articles.map((a) => newest([a.updatedAt, a.publishedAt]));
  const videoDates = videos.map((v) => v.publishedAt ?? v.createdAt);
  const pdfDates = pdfs.map((p) => p.publishedAt ?? p.createdAt);
  return [
    // The home shows the hero texts, the latest video and testimonials.
    { path: paths.home(), lastmod: newest([settings.siteSettings.updatedAt, ...videoDates]) },
    { path: paths.news(), lastmod: newest(articleDates) },
    ...STATIC_PATHS.map((path) => ({ path })),
    ...articles.map((a, i) => ({ path: articlePath(a.id), lastmod: articleDates[i] })),
    ...videos.map((v, i) => ({ path: videoPath(v.id), lastmod: videoDates[i] })),
    ...pdfs.map((p, i) => ({ path: pdfPath(p.id), lastmod: pdfDates[i] })),
  ];
}
