import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * A new page starts at its top (the declarative router has no scroll restoration); a link to an
 * anchor (/privacy#cookies) lands on that section instead.
 */
export function useScrollToTop(): void {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
}
