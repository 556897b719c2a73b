import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { AuthUser } from '@lbf/service-kit';
import type { Response as ExpressResponse } from 'express';
import { setCookieValues, type ForwardedHeaders } from './forward-headers';
import { SUBGRAPH_SECRET_HEADER } from './subgraph-credential';

type Fetcher = RemoteGraphQLDataSource['fetcher'];
type FetcherResponse = Awaited<ReturnType<Fetcher>>;
type ResponseContext = Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>['didReceiveResponse']>>[0];
type SubgraphResponse = ResponseContext['response'];

/** The gateway's per-request context: who is calling (verified here), and what to pass on. */
export interface GatewayContext {
  auth: AuthUser | null;
  forward: ForwardedHeaders;
  /** The browser's response, which receives the subgraphs' Set-Cookie headers. */
  res?: ExpressResponse;
}

/**
 * Subgraph fetches with Node's fetch (whose Headers list every Set-Cookie separately) and a deadline.
 * A subgraph answers some GraphQL errors with a 4xx status (the kit's requireUser sets 401, requireAdmin
 * 403); the gateway's data source would turn those into a bare "403: Forbidden", losing the French
 * message and any partial data, so a GraphQL JSON body is passed on as the GraphQL response it is.
 */
export function subgraphFetcher(timeoutMs: number, secret: string, stopSignal?: AbortSignal): Fetcher {
  return async (url, init) => {
    const signals = [AbortSignal.timeout(timeoutMs), ...(stopSignal ? [stopSignal] : []), ...(init?.signal ? [init.signal as AbortSignal] : [])];
    // Every fetch of a data source passes here (queries, and IntrospectAndCompose's SDL reads): one place for the credential.
    const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    headers.set(SUBGRAPH_SECRET_HEADER, secret);
    const res = await fetch(url, { ...init, headers, signal: AbortSignal.any(signals) } as RequestInit);
    if (res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) return res as unknown as FetcherResponse;
    const text = await res.text();
    let isGraphQLResponse = false;
    try {
      const body = JSON.parse(text) as unknown;
      isGraphQLResponse = !!body && typeof body === 'object' && ('errors' in body || 'data' in body);
    } catch {
      isGraphQLResponse = false;
    }
    const relayed = isGraphQLResponse
      ? new Response(text, { status: 200, headers: res.headers })
      : new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
    return relayed as unknown as FetcherResponse;
  };
}

/** Header names the gateway sets on subgraph requests from the browser's request. */
const FORWARDED: Array<keyof ForwardedHeaders> = ['authorization', 'cookie', 'user-agent', 'x-forwarded-for'];

/**
 * Passes the caller's authorization, cookie, user agent and IP to the subgraph (which verifies the
 * token again and enforces roles itself) and hands every Set-Cookie it answers to the browser.
 */
export class SubgraphDataSource extends RemoteGraphQLDataSource<GatewayContext> {
  override willSendRequest(options: GraphQLDataSourceProcessOptions<GatewayContext>): void {
    // Schema loading and health checks run outside any browser request.
    if (!('incomingRequestContext' in options)) return;
    const headers = options.request.http?.headers;
    const forward = options.context.forward;
    if (!headers || !forward) return;
    for (const name of FORWARDED) {
      const value = forward[name];
      if (value) headers.set(name, value);
    }
  }

  override didReceiveResponse({ response, context }: ResponseContext): SubgraphResponse {
    const res = context.res;
    const headers = response.http?.headers;
    if (res && headers && !res.headersSent) {
      for (const cookie of setCookieValues(headers)) res.append('Set-Cookie', cookie);
    }
    return response;
  }
}
