import { gql, type TypedDocumentNode } from '@apollo/client';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { postOperation } from '@/data/post-operation';
import type { RecordPageVisitMutation, RecordPageVisitMutationVariables } from '@/generated/graphql';
import { usePageMeta, type PageMeta } from '@/lib/page-meta';
import { visitorId } from '@/lib/visitor-id';

export const RECORD_PAGE_VISIT: TypedDocumentNode<RecordPageVisitMutation, RecordPageVisitMutationVariables> = gql`
  mutation RecordPageVisit($input: PageVisitInput!) {
    recordPageVisit(input: $input)
  }
`;

/** location.key of the last recorded visit: one visit per navigation, even under StrictMode. */
let lastRecordedKey: string | null = null;

/** The path of the server-rendered page whose visit main.tsx recorded before the app rendered it. */
let recordedBeforeRender: string | null = null;

function recordVisit(path: string, notFound: boolean): void {
  // Over plain HTTP (no Apollo Client needed to read a page), kept alive if the visitor leaves at once.
  postOperation(RECORD_PAGE_VISIT, { input: { path, visitorId: visitorId(), notFound } }, { keepalive: true }).catch(() => undefined);
}

/**
 * A server-rendered page's visit, recorded as the page starts: it may be read without ever being
 * hydrated (lib/hydrate-when-needed.ts). Its hydrating render then does not record it again.
 */
export function recordServerRenderedVisit(notFound: boolean): void {
  recordedBeforeRender = window.location.pathname;
  recordVisit(recordedBeforeRender, notFound);
}

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
    if (first && recordedBeforeRender === location.pathname) return;
    recordVisit(location.pathname, notFound);
  }, [location.key, location.pathname, notFound]);
}
