import { RemoteGraphQLDataSource, type GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { IDLE_UPSTREAM_SOCKET_MS, type AuthUser, type Integration } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { setCookieValues, type ForwardedHeaders } from './forward-headers';
import { SUBGRAPH_SECRET_HEADER } from '../shared/subgraph-credential';
import { IDEMPOTENT_HEADER, IDEMPOTENT_QUERY, isQueryText, sendWithReplay } from './replay';

export type Fetcher = RemoteGraphQLDataSource['fetcher'];
export type FetcherResponse = Awaited<ReturnType<Fetcher>>;
type ResponseContext = Parameters<NonNullable<RemoteGraphQLDataSource<GatewayContext>['didReceiveResponse']>>[0];
type DataSourceResponse = ResponseContext['response'];

/** The gateway's per-request context: who is calling (verified here), and what to pass on. */
export interface GatewayContext {
  auth: AuthUser | null;
  /** An integration calling with its API key (auth is then null). */
  integration?: Integration | null;
  forward: ForwardedHeaders;
  /** The browser's response, which receives the subgraphs' Set-Cookie headers. */
  res?: { readonly headersSent: boolean; appendHeader(name: string, value: string): unknown };
  /**
   * A subgraph exchange the single-fetch passthrough already made for this request (its answer was
   * not a plain success, so the normal path shapes it): the data source uses it for the identical
   * fetch instead of sending the operation a second time.
   */
  prefetched?: Prefetched;
}

/** What one upstream exchange gave: the fetcher's response, or the error it threw. */
export type FetchOutcome = { response: FetcherResponse } | { error: unknown };

export interface Prefetched {
  url: string;
  /** The request body sent, as the data source would serialize it. */
  body: string;
  outcome: FetchOutcome;
  used: boolean;
}

/** Internal header from willSendRequest to the fetcher naming a prefetched outcome; never sent. */
const PREFETCHED_HEADER = 'x-lbf-gateway-prefetched';
const prefetchedOutcomes = new Map<string, FetchOutcome>();

/** The body the data source sends for an operation (RemoteGraphQLDataSource's JSON.stringify of the request without http). */
export function subgraphRequestBody(query: string, variables: Record<string, unknown>, operationName: string | undefined): string {
  return JSON.stringify({ query, variables, operationName });
}

/** What the data source hands a fetcher as headers (a fetch Headers object, or a plain record) as a record. */
function plainHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (typeof (headers as { forEach?: unknown }).forEach === 'function') {
    (headers as { forEach(cb: (value: string, name: string) => void): void }).forEach((value, name) => (out[name.toLowerCase()] = value));
  } else for (const [name, value] of Object.entries(headers as Record<string, string>)) out[name.toLowerCase()] = value;
  return out;
}

/**
 * The subgraph's response headers, read-only, with the part of the fetch Headers interface the
 * gateway uses (get, has, forEach, getSetCookie): built from rawHeaders, so each Set-Cookie stays
 * its own entry, without constructing a WHATWG Headers object per request.
 */
export class SubgraphResponseHeaders {
  private readonly map = new Map<string, string[]>();
  constructor(rawHeaders: string[]) {
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i]!.toLowerCase();
      const list = this.map.get(name);
      if (list) list.push(rawHeaders[i + 1]!);
      else this.map.set(name, [rawHeaders[i + 1]!]);
    }
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase())?.join(', ') ?? null;
  }
  has(name: string): boolean {
    return this.map.has(name.toLowerCase());
  }
  getSetCookie(): string[] {
    return [...(this.map.get('set-cookie') ?? [])];
  }
  forEach(cb: (value: string, name: string) => void): void {
    for (const [name, values] of this.map) cb(values.join(', '), name);
  }
  *entries(): IterableIterator<[string, string]> {
    for (const [name, values] of this.map) yield [name, values.join(', ')];
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
}

/**
 * A subgraph's answer, read whole, with the part of the fetch Response interface the data source
 * reads (ok, status, statusText, url, headers, json, text). Profiling showed undici's Response
 * (its web streams, made transferable per request) as a visible cost per request.
 */
export class SubgraphResponse {
  readonly ok: boolean;
  readonly bodyUsed = false;
  readonly redirected = false;
  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: SubgraphResponseHeaders,
    private readonly body: string,
  ) {
    this.ok = status >= 200 && status < 300;
  }
  async text(): Promise<string> {
    return this.body;
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.body) as unknown;
  }
  /** The same answer with another status (a GraphQL body sent with a 4xx is relayed as 200). */
  withStatus(status: number, statusText: string): SubgraphResponse {
    return new SubgraphResponse(this.url, status, statusText, this.headers, this.body);
  }
  clone(): SubgraphResponse {
    return this;
  }
}

class SubgraphTimeout extends Error {
  constructor(url: string, ms: number) {
    super(`subgraph ${url} did not answer within ${ms} ms`);
    this.name = 'AbortError';
  }
}

/** Subgraph URLs are few and fixed: parse each once (a URL per request showed in the profile). */
const parsedUrls = new Map<string, URL>();
function parsedUrl(url: string): URL {
  let parsed = parsedUrls.get(url);
  if (!parsed) {
    parsed = new URL(url);
    if (parsedUrls.size < 64) parsedUrls.set(url, parsed);
  }
  return parsed;
}

/**
 * One upstream exchange over node:http with a keep-alive agent; the body is read whole (GraphQL
 * JSON). One timer per request is the deadline (cheaper than AbortSignal.timeout + AbortSignal.any).
 */
function exchange(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown }, agents: { http: HttpAgent; https: HttpsAgent }, timeoutMs: number): Promise<SubgraphResponse> {
  return new Promise((resolve, reject) => {
    const target = parsedUrl(url);
    const https = target.protocol === 'https:';
    const send = https ? httpsRequest : httpRequest;
    const req = send(target, { method: init.method ?? 'POST', headers: init.headers, agent: https ? agents.https : agents.http }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', fail);
      res.on('end', () => {
        clearTimeout(timer);
        const status = res.statusCode ?? 502;
        const body = NULL_BODY.has(status) ? '' : (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8');
        resolve(new SubgraphResponse(url, status, res.statusMessage ?? '', new SubgraphResponseHeaders(res.rawHeaders), body));
      });
    });
    const timer = setTimeout(() => req.destroy(new SubgraphTimeout(url, timeoutMs)), timeoutMs);
    function fail(err: Error) {
      clearTimeout(timer);
      reject(err);
    }
    req.on('error', fail);
    req.end(typeof init.body === 'string' || Buffer.isBuffer(init.body) ? init.body : undefined);
  });
}

/** Statuses whose Response may not carry a body. */
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * Subgraph fetches over node:http with keep-alive agents (profiling showed Node's fetch, undici and
 * its web streams, as the gateway's largest cost per request), a deadline, and headers that list
 * every Set-Cookie separately. A query's fetch (IDEMPOTENT_HEADER) that fails on the connection is
 * sent once more (replay.ts); a mutation's never.
 * A subgraph answers some GraphQL errors with a 4xx status (the kit's requireUser sets 401, requireAdmin
 * 403); the gateway's data source would turn those into a bare "403: Forbidden", losing the French
 * message and any partial data, so a GraphQL JSON body is passed on as the GraphQL response it is.
 */
export function subgraphFetcher(timeoutMs: number, secret: string, stopSignal?: AbortSignal, onReplay?: (url: string, err: unknown) => void): Fetcher {
  // Enough sockets for the gateway's concurrency towards one subgraph; idle ones are kept open, and
  // closed before the subgraph would close them (IDLE_UPSTREAM_SOCKET_MS says why).
  const options = { keepAlive: true, maxSockets: 256, maxFreeSockets: 256, timeout: IDLE_UPSTREAM_SOCKET_MS };
  const agents = { http: new HttpAgent(options), https: new HttpsAgent(options) };
  stopSignal?.addEventListener('abort', () => {
    agents.http.destroy();
    agents.https.destroy();
  });
  return async (url, init) => {
    const headers = plainHeaders(init?.headers);
    const token = headers[PREFETCHED_HEADER];
    if (token !== undefined) {
      delete headers[PREFETCHED_HEADER];
      const outcome = prefetchedOutcomes.get(token);
      prefetchedOutcomes.delete(token);
      if (outcome) {
        if ('error' in outcome) throw outcome.error;
        return outcome.response;
      }
    }
    if (stopSignal?.aborted) throw new Error('gateway stopped');
    // Every fetch of a data source passes here (queries, and IntrospectAndCompose's SDL reads): one place for the credential.
    headers[SUBGRAPH_SECRET_HEADER] = secret;
    const replayable = headers[IDEMPOTENT_HEADER] === IDEMPOTENT_QUERY;
    const res = await sendWithReplay(() => exchange(url, { method: init?.method, headers, body: init?.body }, agents, timeoutMs), replayable, (err) => onReplay?.(url, err));
    if (res.ok || !/json/i.test(res.headers.get('content-type') ?? '')) return res as unknown as FetcherResponse;
    let isGraphQLResponse = false;
    try {
      const body = (await res.json()) as unknown;
      isGraphQLResponse = !!body && typeof body === 'object' && ('errors' in body || 'data' in body);
    } catch {
      isGraphQLResponse = false;
    }
    return (isGraphQLResponse ? res.withStatus(200, 'OK') : res) as unknown as FetcherResponse;
  };
}

/** Header names the gateway sets on subgraph requests from the browser's request. */
export const FORWARDED: Array<keyof ForwardedHeaders> = ['authorization', 'cookie', 'user-agent', 'x-forwarded-for'];

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
    const { request } = options;
    // A query may be sent again when its connection drops (replay.ts); a mutation never.
    if (typeof request.query === 'string' && isQueryText(request.query)) headers.set(IDEMPOTENT_HEADER, IDEMPOTENT_QUERY);
    const prefetched = options.context.prefetched;
    if (prefetched && !prefetched.used && this.url === prefetched.url && typeof request.query === 'string' && subgraphRequestBody(request.query, request.variables ?? {}, request.operationName) === prefetched.body) {
      prefetched.used = true;
      const token = randomUUID();
      prefetchedOutcomes.set(token, prefetched.outcome);
      headers.set(PREFETCHED_HEADER, token);
    }
  }

  override didReceiveResponse({ response, context }: ResponseContext): DataSourceResponse {
    const res = context.res;
    const headers = response.http?.headers;
    if (res && headers && !res.headersSent) {
      for (const cookie of setCookieValues(headers)) res.appendHeader('Set-Cookie', cookie);
    }
    return response;
  }
}
