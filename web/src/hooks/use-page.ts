import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { usePageMeta, type PageMeta } from '@/lib/page-meta';
import { recordVisit, visitRecordedBeforeRender } from './page-visit';

/** location.key of the last recorded visit: one visit per navigation, even under StrictMode. */
let lastRecordedKey: string | null = null;

/**
 * Every screen calls this once: it declares the page's title and link preview (lib/page-meta:
 * document.title in the browser, the <head> of the server's HTML) and records the visit for
 * analytics (the 404 page passes notFound so the miss is logged). A failed record is silent on
 * purpose: counting must never get in the visitor's way.
 */
export function usePage(title: string, options: { notFound?: boolean; meta?: Omit<PageMeta, 'title'> } = {}): void {
  const location = useLocation();
  const notFound = options.notFound === true;

  usePageMeta({ title, ...options.meta });

  // The screen is live (hydrated after a server render, or rendered): its Suspense boundary has
  // committed. What a test waits for before typing into a server-rendered form.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  useEffect(() => {
    if (lastRecordedKey === location.key) return;
    const first = lastRecordedKey === null;
    lastRecordedKey = location.key;
    if (first && visitRecordedBeforeRender() === location.pathname) return;
    recordVisit(location.pathname, notFound);
  }, [location.key, location.pathname, notFound]);
}
