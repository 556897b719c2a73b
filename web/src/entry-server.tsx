/**
 * The server's render of a public page (issue 11), built by `vite build --ssr` into
 * web/dist-ssr/entry-server.cjs and run by the gateway (gateway/src/ssr). Always a visitor's render:
 * the data comes through `execute`, which the gateway runs with no cookie and no authorization, and
 * the auth provider starts 'loading' exactly as the browser's hydrating render does.
 *
 * The app runs on Preact (preact/compat under React's names, web/vite.config.ts): Apollo Client's
 * `prerenderStatic` renders with preact-render-to-string's `renderToStringAsync` (which waits for
 * every lazy chunk), again and again until no query is left to fetch, and the last render is the
 * page; react-router's static data router matches the URL (and says which pages are the 404).
 */
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print, type GraphQLFormattedError } from 'graphql';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Observable } from 'rxjs';
import { createCache } from '@/apollo/client';
import type { RouteKey } from '@/app/route-manifest';
import { SSR_STATE_ID, serializeSsrPayload } from '@/apollo/ssr-state';
import { SeedCollectorContext, type SeedAnswer } from '@/data/seeds';
import { fullTitle, metaTags, type PageMeta } from '@/lib/page-meta';
import { fr } from '@/i18n/fr';
import { AppShell } from './app';
import { appRoutes } from './routes';

export interface ExecuteRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface ExecuteResult {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

export interface RenderRequest {
  /** The path and query string asked for ('/actualites?page=2'). */
  url: string;
  /** The site's origin, for canonical and Open Graph URLs ('https://lbf.example'). */
  origin: string;
  /** The request said Save-Data: on. */
  lowData: boolean;
  /** Runs one GraphQL query as an anonymous visitor. */
  execute(request: ExecuteRequest): Promise<ExecuteResult>;
  /** Aborted when the render took too long. */
  signal?: AbortSignal;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      /** 200, or 404 for the not-found page. */
      status: number;
      /** The markup that goes inside #root. */
      html: string;
      /** <title>, meta tags and the canonical link for <head>. */
      head: string;
      /** The <script type="application/json"> block the browser starts from. */
      state: string;
      /**
       * A query of the page failed (a service down or slow): the page shows « Indisponible » in
       * that part. It is sent, but the gateway must not keep it for the next visitors.
       */
      degraded: boolean;
    };

/** Apollo's link on the server: queries go to `execute`; nothing else runs during a render. */
function executeLink(execute: RenderRequest['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        // Subscriptions (live counters) start in the browser; a mutation never runs in a render.
        if (operation.operationType !== 'query') {
          observer.complete();
          return;
        }
        let closed = false;
        execute({
          query: print(operation.query),
          variables: operation.variables as Record<string, unknown>,
          operationName: operation.operationName ?? undefined,
        }).then(
          (result) => {
            if (closed) return;
            observer.next(result as ApolloLink.Result);
            observer.complete();
          },
          (err: unknown) => {
            if (!closed) observer.error(err);
          },
        );
        return () => {
          closed = true;
        };
      }),
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The <head> of a page: what its screen declared with usePage/usePageMeta (the last one wins). */
export function headTags(meta: PageMeta | null, origin: string, path: string): string {
  const page = meta ?? { title: fr.brand.name };
  const tags = [`<title>${escapeText(fullTitle(page.title))}</title>`];
  for (const tag of metaTags(page, origin, path)) {
    tags.push(`<meta ${tag.attr}="${escapeAttribute(tag.key)}" content="${escapeAttribute(tag.content)}" />`);
  }
  tags.push(`<link rel="canonical" href="${escapeAttribute(new URL(page.canonicalPath ?? path, origin).toString())}" />`);
  return tags.join('\n    ');
}

const handler = createStaticHandler(appRoutes);

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const context = await handler.query(new Request(url, { signal: request.signal }));
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('Location') ?? '/' };
  }
  const last = context.matches[context.matches.length - 1];
  const notFound = !last || last.route.path === '*';

  // Any failed query makes the page degraded; a partial answer (errors beside data) too.
  let degraded = false;
  const execute: RenderRequest['execute'] = (operation) =>
    request.execute(operation).then(
      (result) => {
        if (result.errors?.length || !result.data) degraded = true;
        return result;
      },
      (err: unknown) => {
        degraded = true;
        throw err;
      },
    );
  const client = new ApolloClient({
    ssrMode: true,
    link: executeLink(execute),
    cache: createCache(),
  });
  let meta: PageMeta | null = null;
  const collector = { collect: (m: PageMeta) => void (meta = m) };
  const router = createStaticRouter(handler.dataRoutes, context);

  // Each query's answer, noted by the page's hooks (data/hooks.server.ts) on the last render: the
  // browser's hydrating render reads them without Apollo Client.
  const answers = new Map<string, SeedAnswer>();
  const tree = (
    <ApolloProvider client={client}>
      <SeedCollectorContext.Provider value={answers}>
        <AppShell lowData={request.lowData} origin={request.origin} metaCollector={collector}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppShell>
      </SeedCollectorContext.Provider>
    </ApolloProvider>
  );
  // Render (waiting for every lazy chunk) until Apollo has nothing left to fetch: the last render
  // had every query in the cache, so it is the page. preact-render-to-string has no error boundary
  // on the server: an error anywhere rejects the render, and the gateway answers with the app shell
  // (the browser renders the page itself), as it does for a render cut short.
  const { result, aborted } = await prerenderStatic({
    tree,
    context: { client },
    signal: request.signal,
    renderFunction: (node) => {
      meta = null;
      answers.clear();
      // The tree is typed with React's JSX; at run time it is Preact's (compat under React's names).
      return renderToStringAsync(node as unknown as VNode);
    },
  });
  if (aborted || request.signal?.aborted) throw new Error('server render aborted (time limit)');
  // What suspended more deeply than the renderer follows is written as a promise: the page would
  // not be complete, so the app shell is sent instead.
  if (result.includes('[object Promise]')) throw new Error('a part of the page could not be rendered on the server');

  client.stop();
  const seeds = [...answers.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, answer]) => answer);
  const collected = meta as PageMeta | null;
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    html: result,
    head: headTags(collected, request.origin, url.pathname),
    state: `<script type="application/json" id="${SSR_STATE_ID}">${serializeSsrPayload({ answers: seeds, lowData: request.lowData, origin: request.origin, notFound, route: notFound ? undefined : (last.route.id as RouteKey) })}</script>`,
    degraded,
  };
}
