/**
 * Choices a visitor makes that are kept in this browser (localStorage) and change what a public page
 * shows. The server's page is the same for everyone, so a page that has any of them hydrates at
 * once (main.tsx, lib/hydrate-when-needed.ts) rather than on the visitor's first tap. (The low-data
 * choice is also a cookie the server reads; the currency is shown on the dashboard only.)
 */

/** Likes are local only (spec): the ids of liked articles, as JSON (features/news/use-liked-articles.ts). */
export const LIKED_ARTICLES_KEY = 'lbf.liked-articles';

/** True when this browser keeps a choice a public page shows differently from the server's page. */
export function hasBrowserChoices(storage: Pick<Storage, 'getItem'> = window.localStorage): boolean {
  try {
    const liked = storage.getItem(LIKED_ARTICLES_KEY);
    return liked !== null && liked !== '[]';
  } catch {
    // Storage refused (private mode, a sandboxed frame): nothing kept, nothing to show.
    return false;
  }
}
