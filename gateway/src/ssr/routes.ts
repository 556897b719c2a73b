import { parse as parseCookie } from 'cookie';

import { shellPaths } from './web-routes';

/**
 * Which page requests the server renders: the routes of the web's manifest marked `ssr` (the home,
 * the news and each article, the static pages, the video and PDF detail pages as a visitor sees
 * them) and any unknown path (the 404); the signed-in and token pages keep the plain app shell
 * (index.html): rendering them as a visitor would only show a spinner, and they are never worth
 * caching. Whole sections ('/admin', '/dashboard', '/auth', '/paiement', '/recu', '/newsletter') and,
 * where a section mixes, exact paths ('/videos', '/pdfs'), as the manifest's shellPaths() says.
 */
const { sections: SHELL_PREFIXES, exact: SHELL_EXACT } = shellPaths();

export function isServerRendered(path: string): boolean {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  if (SHELL_EXACT.includes(p)) return false;
  return !SHELL_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

/** The cookie the web app writes with the visitor's low-data choice (web/src/lib/low-data-choice.ts). */
export const LOW_DATA_COOKIE = 'lbf_low_data';

/**
 * Whether to render a page in low-data mode: the visitor's own choice (the cookie: '1' on, '0' off)
 * wins over the browser's Save-Data header, as in the browser, so the HTML already has the small
 * images and the switch in the right position before any JavaScript runs.
 */
export function lowDataFor(saveData: string | string[] | undefined, cookieHeader: string | undefined): boolean {
  const choice = cookieHeader ? parseCookie(cookieHeader)[LOW_DATA_COOKIE] : undefined;
  if (choice === '1' || choice === '0') return choice === '1';
  return wantsLowData(saveData);
}

/** The request asked to save data (Chrome's Save-Data: on). */
export function wantsLowData(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  return (value ?? '').trim().toLowerCase() === 'on';
}
