/**
 * sitemap.xml: the home, the public pages, every published article, video and guide, each with
 * its last change when known. Built from the site's own GraphQL API as a visitor, so it lists
 * exactly what a visitor may open (drafts and videos still being prepared are not readable).
 */
import { paths, ROUTE_ENTRIES } from '../ssr/web-routes';

export interface SitemapEntry {
  path: string;
  /** ISO date-time of the last change, when known. */
  lastmod?: string | null;
}

/** The public pages whose content is not in the catalogue (their texts ship with the app): the web manifest's `sitemap` routes. */
export const STATIC_PATHS = ROUTE_ENTRIES.filter(([, r]) => r.sitemap).map(([, r]) => r.path);

/** The same paths the web app links to and declares as canonical: its path builders (article, video and guide pages). */
export const { article: articlePath, video: videoPath, pdf: pdfPath } = paths;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

/** A W3C date-time (what sitemaps take), or null for anything that is not a date. */
export function w3cDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** The newest of some dates (null when none is a date). */
export function newest(values: Array<string | null | undefined>): string | null {
  let best: number | null = null;
  for (const value of values) {
    const time = value ? Date.parse(value) : NaN;
    if (!Number.isNaN(time) && (best === null || time > best)) best = time;
  }
  return best === null ? null : new Date(best).toISOString();
}

export function sitemapXml(origin: string, entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    const loc = new URL(entry.path, origin).toString();
    if (seen.has(loc)) continue;
    seen.add(loc);
    const lastmod = w3cDate(entry.lastmod);
    urls.push(`  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ''}  </url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
