import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** The page the browser loaded has not been rendered yet (once per document, whichever layout renders it). */
let loadedPage = true;

/**
 * A new page starts at its top (the declarative router has no scroll restoration); a link to an
 * anchor (/privacy#cookies) lands on that section instead.
 *
 * Not for the page the browser loaded: it is where the visitor has put it. A server-
 * rendered page may hydrate only once they have scrolled down to it (lib/hydrate-when-needed.ts),
 * and a reload keeps its place. Only an anchor the browser could not find (a client-rendered page
 * had no such element yet) is scrolled to then.
 */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    const first = loadedPage;
    loadedPage = false;
    if (hash) {
      if (first && window.scrollY > 0) return;
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (!first) window.scrollTo(0, 0);
  }, [pathname, hash]);
}
