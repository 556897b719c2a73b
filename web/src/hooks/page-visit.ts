import { postOperation } from '@/data/post-operation';
import { visitorId } from '@/lib/visitor-id';
import RECORD_PAGE_VISIT from './record-page-visit.mutation.graphql';

/** The path of the server-rendered page whose visit main.tsx recorded before the app rendered it. */
let recordedBeforeRender: string | null = null;

export function recordVisit(path: string, notFound: boolean): void {
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

/** The path main.tsx recorded before the app rendered it, if any. */
export function visitRecordedBeforeRender(): string | null {
  return recordedBeforeRender;
}
