import { paths } from '../app/route-manifest';

/**
 * Where a visitor sent to /auth goes back to once signed in. The target rides in the query string
 * (`/auth?next=/videos/…`) so it survives a reload, a switch of tab and the sign-up form; because
 * anyone can write that link, only a path of this site is ever followed (an open redirect would
 * hand a phishing page our trusted address).
 */
export const RETURN_TO_PARAM = 'next';

// Any origin serves: it only tells whether the browser would leave the site.
const PROBE_ORIGIN = 'https://lbf.invalid';

/**
 * `raw` as a same-origin path (pathname, query, hash), or null when it is missing or could lead
 * elsewhere: absolute URLs, scheme-relative `//host`, `/\host` (browsers read `\` as `/`), control
 * characters (browsers strip tabs and newlines, so `/\t/host` becomes `//host`), or /auth itself.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === paths.auth() || url.pathname.startsWith(`${paths.auth()}/`)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /auth link that brings the visitor back to `location` (a react-router location or the like). */
export function authPathReturningTo(location: { pathname: string; search?: string; hash?: string }, search?: URLSearchParams): string {
  const params = new URLSearchParams(search);
  const target = safeReturnPath(`${location.pathname}${location.search ?? ''}${location.hash ?? ''}`);
  if (target) params.set(RETURN_TO_PARAM, target);
  const query = params.toString();
  return query ? `${paths.auth()}?${query}` : paths.auth();
}
