import type { RouteKey } from '@/app/route-manifest';
import type { SeedAnswer } from '@/data/seeds';
import { sortedKeys } from '@/lib/stable-json';

/**
 * What a server-rendered page hands to the browser, in a JSON data block
 * (<script type="application/json" id="lbf-ssr">): not executed, so the site's
 * Content-Security-Policy (script-src 'self', no inline scripts) needs no exception for it.
 */
export interface SsrPayload {
  /** Each query's answer the server rendered with: the hydrating render reads the same data (data/seeds.ts). */
  answers: SeedAnswer[];
  /** The low-data flag the server rendered with (the request's Save-Data header). */
  lowData: boolean;
  /** The origin the server rendered absolute links with. */
  origin: string;
  /** The server rendered the not-found page (its visit is recorded as a miss). */
  notFound?: boolean;
  /** The manifest's key of the page rendered (the router's route id), for what the start-up module does on some pages only. */
  route?: RouteKey;
}

export const SSR_STATE_ID = 'lbf-ssr';

/**
 * JSON safe inside <script>: `<` is escaped so no string in the data (an article's title, say)
 * can close the element (`</script>`) or open a comment; U+2028/2029 for older parsers.
 */
export function serializeSsrPayload(payload: SsrPayload): string {
  // Keys sorted: the same page must be the same bytes whichever query answered first (the
  // server's HTML is compared and cached as a whole).
  return JSON.stringify(payload, sortedKeys)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The payload of the page the browser loaded, or null (the plain app shell, or unreadable). */
export function readSsrPayload(doc: Document = document): SsrPayload | null {
  const el = doc.getElementById(SSR_STATE_ID);
  if (!el?.textContent) return null;
  try {
    const parsed = JSON.parse(el.textContent) as Partial<SsrPayload>;
    if (!parsed || typeof parsed !== 'object' || !Array.isArray(parsed.answers)) return null;
    return {
      answers: parsed.answers,
      lowData: parsed.lowData === true,
      origin: typeof parsed.origin === 'string' ? parsed.origin : window.location.origin,
      notFound: parsed.notFound === true,
    };
  } catch {
    return null;
  }
}
