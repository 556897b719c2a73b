import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { print } from '@apollo/client/utilities';
import type { DocumentNode } from 'graphql';
import { sha256Hex } from '@/data/registered-request';
import { sortedDefinitions } from '@/lib/gql-document';
import { from as fromPromise, Observable, switchMap } from 'rxjs';
import { currentAccessToken, refreshSession } from './session';
import { createRetryLink } from './retry-link';

/**
 * Resolves once the browser is idle (the page's own chunks and data first), at most 3 s later.
 * On the server (no window) it resolves at once.
 */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof window === 'undefined') resolve();
    else if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 200);
  });
}

/**
 * Trusted documents (issue 24 point 6): each operation names its registered document by the SHA-256
 * of its text as the build's manifest holds it (the document as the cache sent it, definitions sorted:
 * Apollo's generatePersistedQueryIdsAtRuntime), without the text; queries as GET, so that an HTTP
 * cache or the service worker can keep them, mutations as POST. When the gateway does not know the
 * hash (development, before it saw the document) the link sends the text once more (APQ); production
 * then refuses it. Without Web Crypto (a page on plain http but localhost) the text is sent as before.
 */
function persistedQueryLink(): ApolloLink | null {
  if (typeof window === 'undefined' || !globalThis.crypto?.subtle) return null;
  return new PersistedQueryLink({
    generateHash: async (document: DocumentNode) => (await sha256Hex(print({ ...document, definitions: sortedDefinitions(document) }))) ?? '',
    useGETForHashedQueries: true,
  });
}

/**
 * The browser's link chain: subscriptions over graphql-ws (lazy), everything else over HTTP with
 * the access token and one refresh on UNAUTHENTICATED. Add a link to the HTTP chain here.
 */
export function createBrowserLink(): ApolloLink {
  const httpLink = new HttpLink({
    uri: '/graphql',
    // The refresh cookie (httpOnly, path /graphql) is same-origin: never sent anywhere else.
    credentials: 'same-origin',
    // Apollo Server's CSRF prevention accepts JSON bodies; state it explicitly on every request.
    headers: { 'content-type': 'application/json' },
    // A text, when sent, is the one the hash names: definitions in the manifest's order (trusted documents).
    print: (ast, printer) => printer('definitions' in ast ? { ...ast, definitions: sortedDefinitions(ast) } : ast),
  });

  const authLink = new SetContextLink((prevContext) => {
    const token = currentAccessToken();
    return token
      ? { headers: { ...prevContext.headers, authorization: `Bearer ${token}` } }
      : {};
  });

  /** On UNAUTHENTICATED (expired or revoked access token), refresh once and replay the operation. */
  const refreshOnUnauthenticated = new ErrorLink(({ error, operation, forward }) => {
    if (!CombinedGraphQLErrors.is(error)) return;
    if (!error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) return;
    if (operation.operationName === 'RefreshSession' || operation.getContext().authRetried) return;
    operation.setContext({ authRetried: true });
    return fromPromise(refreshSession()).pipe(switchMap(() => forward(operation)));
  });

  /**
   * graphql-ws is fetched with the first subscription, keeping it out of the entry chunk, and only
   * once the page is idle: live updates (the home's counters) never compete with what shows the page.
   */
  const lazyWsLink = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        let cancelled = false;
        let unsubscribe: (() => void) | null = null;
        whenIdle()
          .then(() => import('./ws-link'))
          .then(({ wsLink }) => {
            if (cancelled) return;
            const subscription = wsLink().request(operation).subscribe(observer);
            unsubscribe = () => subscription.unsubscribe();
          })
          .catch((err: unknown) => observer.error(err));
        return () => {
          cancelled = true;
          unsubscribe?.();
        };
      }),
  );

  return ApolloLink.split(
    (operation) => operation.operationType === 'subscription',
    lazyWsLink,
    // Queries that failed on the network are tried again (mutations never): see retry-link.ts.
    ApolloLink.from([createRetryLink(), refreshOnUnauthenticated, authLink, ...[persistedQueryLink()].filter((link) => link !== null), httpLink]),
  );
}

/**
 * Cache policies, in one place:
 * - LiveCounters and SiteSettings are singletons (no id): `keyFields: []` lets subscription
 *   pushes and the admin's settings mutation update every cached query that shows them.
 * - Paginated catalogue lists are cached per combination of their arguments (filter, sort,
 *   page, page size): going back to a page seen before shows it at once. Page-number pagination,
 *   so no merge: each page is its own entry.
 * - Presenter and the *Page wrappers have no id: they live inside the object that holds them.
 * - Session and visit mutations use fetchPolicy 'no-cache' (they are not data to keep).
 * - Page queries use `fetchPolicies` (data/fetch-policies.ts).
 */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      LiveCounters: { keyFields: [] },
      SiteSettings: { keyFields: [] },
      Query: {
        fields: {
          videos: { keyArgs: ['filter', ['search', 'category', 'purchased'], 'sort', 'page', 'pageSize'] },
          pdfs: { keyArgs: ['filter', ['search', 'category', 'purchased'], 'sort', 'page', 'pageSize'] },
          articles: { keyArgs: ['filter', ['search', 'category'], 'page', 'pageSize'] },
          adminArticles: { keyArgs: ['filter', ['search', 'category'], 'status', 'page', 'pageSize'] },
        },
      },
      Video: {
        fields: {
          similarVideos: { keyArgs: ['limit'] },
        },
      },
      Presenter: { keyFields: false },
      VideoPage: { keyFields: false },
      PdfPage: { keyFields: false },
      ArticlePage: { keyFields: false },
    },
  });
}

/**
 * The browser's one client, created on first need (data/apollo.ts). A server-rendered page's answers
 * reach its cache from the queries that show them (data/query-handle.ts), so nothing shown is asked
 * for again while the page becomes live. The session refresh runs over plain HTTP
 * (data/refresh-session.ts), registered at start-up.
 */
export function createBrowserApolloClient(): ApolloClient {
  return new ApolloClient({ link: createBrowserLink(), cache: createCache() });
}
