import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { GATEWAY_SECRET_HEADER } from '../gateway-credential';

/** A response body whose shape each test asserts itself; typing every operation would only restate the SDL. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

export interface GraphQLResponse<T> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  setCookies: string[];
}

export interface BrowserOptions {
  /** The visitor's IP, sent as X-Forwarded-For (as the gateway does); none by default. */
  ip?: string | null;
  /** The gateway's credential, for a client standing in for the gateway in front of a subgraph. */
  gatewaySecret?: string | null;
}

/**
 * A browser as a subgraph or the gateway sees it: a cookie jar kept by hand (Set-Cookie in, Cookie
 * out), an access token in memory, and, in front of a subgraph, the gateway's secret and X-Forwarded-For.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  token: string | null = null;
  readonly ip: string | null;
  readonly gatewaySecret: string | null;

  constructor(
    readonly url: string,
    options: BrowserOptions = {},
  ) {
    this.ip = options.ip ?? null;
    this.gatewaySecret = options.gatewaySecret ?? null;
  }

  cookieHeader(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.ip) headers['x-forwarded-for'] = this.ip;
    if (this.gatewaySecret) headers[GATEWAY_SECRET_HEADER] = this.gatewaySecret;
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    return { ...headers, ...extra };
  }

  async gql<T = Loose>(query: string, variables: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}): Promise<GraphQLResponse<T>> {
    const res = await fetch(this.url, { method: 'POST', headers: this.headers(extraHeaders), body: JSON.stringify({ query, variables }) });
    const setCookies = res.headers.getSetCookie();
    this.store(setCookies);
    const body = (await res.json()) as { data?: T; errors?: GraphQLResponse<T>['errors'] };
    return { status: res.status, data: body.data, errors: body.errors, setCookies };
  }

  store(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair, ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      const expired =
        attrs.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() <= Date.now()) || attrs.some((a) => /^max-age=0$/i.test(a));
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** One request, no cookie jar: `headers` may carry a token, the secret or an IP. */
export async function gql<T = Loose>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<GraphQLResponse<T>> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  const text = await res.text();
  const body = (text ? JSON.parse(text) : {}) as { data?: T; errors?: GraphQLResponse<T>['errors'] };
  return { status: res.status, data: body.data, errors: body.errors, setCookies: res.headers.getSetCookie() };
}

/** Headers a test sends to a subgraph as the gateway would: the secret, and a token when given. */
export function gatewayHeaders(gatewaySecret: string | null, token?: string | null): Record<string, string> {
  return {
    ...(gatewaySecret ? { [GATEWAY_SECRET_HEADER]: gatewaySecret } : {}),
    ...(token ? { authorization: `Bearer ${token}` } : {}),
  };
}

/** A graphql-ws client; `headers` go on the upgrade request (e.g. the gateway's secret). */
/** A graphql-ws client; `retryAttempts` > 0 reconnects (and resubscribes) as the web app does when its server goes away. */
export function wsClient(url: string, authorization?: string, headers: Record<string, string> = {}, retryAttempts = 0): Client {
  class WithHeaders extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return createClient({
    url,
    webSocketImpl: WithHeaders,
    connectionParams: authorization ? { authorization } : {},
    lazy: true,
    retryAttempts,
    retryWait: (tries) => new Promise((resolve) => setTimeout(resolve, Math.min(1000, 100 * 2 ** tries))),
  });
}

/** What one subscription receives. */
export interface Subscriber<T> {
  client: Client;
  values: T[];
  errors: unknown[];
  completed: boolean;
  stop(): Promise<void>;
}

export function subscribe<T>(client: Client, query: string, pick: (data: Loose) => T): Subscriber<T> {
  const sub: Subscriber<T> = {
    client,
    values: [],
    errors: [],
    completed: false,
    async stop() {
      unsubscribe();
      await client.dispose();
    },
  };
  const unsubscribe = client.subscribe(
    { query },
    {
      next: (result) => {
        if (result.errors) sub.errors.push(result.errors);
        if (result.data) sub.values.push(pick(result.data));
      },
      error: (err) => void sub.errors.push(err),
      complete: () => {
        sub.completed = true;
      },
    },
  );
  return sub;
}
