import { gql, type TypedDocumentNode } from '@apollo/client';
import { postOperation } from '@/data/post-operation';
import type { RecordPageVisitMutation, RecordPageVisitMutationVariables } from '@/generated/graphql';
import { visitorId } from '@/lib/visitor-id';

/**
 * The page visit, recorded over plain HTTP: by main.tsx as a server-rendered page starts (it may be
 * read without ever being hydrated), and by usePage (hooks/use-page.ts) for every page the app
 * renders. Apart from the hook so that a page that is only read runs none of the app's code.
 */
export const RECORD_PAGE_VISIT: TypedDocumentNode<RecordPageVisitMutation, RecordPageVisitMutationVariables> = gql`
  mutation RecordPageVisit($input: PageVisitInput!) {
    recordPageVisit(input: $input)
  }
`;

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
