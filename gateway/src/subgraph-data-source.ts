import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import type { AuthUser } from '@lbf/service-kit';
import type { Response as ExpressResponse } from 'express';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
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

/** What the data source hands a fetcher as headers (a fetch Headers object, or a plain record) as a record. */
function plainHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (typeof (headers as { forEach?: unknown }).forEach === 'function') {
    (headers as { forEach(cb: (value: string, name: string) => void): void }).forEach((value, name) => (out[name] = value));
  } else Object.assign(out, headers as Record<string, string>);
  return out;
}

/** Statuses whose Response may not carry a body (the constructor throws otherwise). */
const NULL_BODY = new Set([101, 204, 205, 304]);

/** One upstream exchange over node:http with a keep-alive agent; the body is read whole (GraphQL JSON). */
function exchange(url: string, init: { method?: string; headers?: unknown; body?: unknown } | undefined, agents: { http: HttpAgent; https: HttpsAgent }, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      target,
      { method: init?.method ?? 'POST', headers: plainHeaders(init?.headers), agent: target.protocol === 'https:' ? agents.https : agents.http, signal },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const headers = new Headers();
          // rawHeaders keeps each Set-Cookie as its own entry, so getSetCookie() lists them apart.
          for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          const status = res.statusCode ?? 502;
          resolve(new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers }));
        });
      },
    );
    req.on('error', reject);
    req.end(typeof init?.body === 'string' || Buffer.isBuffer(init?.body) ? init.body : undefined);
  });
}

/**
 * Subgraph fetches over node:http with keep-alive agents (profiling showed Node's fetch, undici and
 * its web streams, as the gateway's largest cost per request), a deadline, and Headers that list
 * every Set-Cookie separately.
 * A subgraph answers some GraphQL errors with a 4xx status (the kit's requireUser sets 401, requireAdmin
 * 403); the gateway's data source would turn those into a bare "403: Forbidden", losing the French
 * message and any partial data, so a GraphQL JSON body is passed on as the GraphQL response it is.
 */
export function subgraphFetcher(timeoutMs: number, secret: string, stopSignal?: AbortSignal): Fetcher {
  const agents = { http: new HttpAgent({ keepAlive: true }), https: new HttpsAgent({ keepAlive: true }) };
  stopSignal?.addEventListener('abort', () => {
    agents.http.destroy();
    agents.https.destroy();
  });
  return async (url, init) => {
    const signals = [AbortSignal.timeout(timeoutMs), ...(stopSignal ? [stopSignal] : []), ...(init?.signal ? [init.signal as AbortSignal] : [])];
    // Every fetch of a data source passes here (queries, and IntrospectAndCompose's SDL reads): one place for the credential.
    const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    headers.set(SUBGRAPH_SECRET_HEADER, secret);
    const res = await exchange(url, { ...init, headers } as never, agents, AbortSignal.any(signals));
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
