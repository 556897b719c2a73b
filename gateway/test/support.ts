import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

/** A response body whose shape each test asserts itself; typing every operation would only restate it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

export interface GraphQLResponse<T> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
  setCookies: string[];
}

/**
 * A browser talking to the gateway's /graphql only: it keeps its cookie jar by hand (Set-Cookie in,
 * Cookie out, as a browser would for path /graphql) and its access token in memory.
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  token: string | null = null;

  constructor(readonly url: string) {}

  cookieHeader(): string | undefined {
    return this.cookies.size ? [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  }

  async gql<T = Loose>(query: string, variables: Record<string, unknown> = {}, extraHeaders: Record<string, string> = {}): Promise<GraphQLResponse<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', ...extraHeaders };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const res = await fetch(this.url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
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

/** A graphql-ws client on the gateway, collecting what one subscription receives. */
export interface Subscriber<T> {
  client: Client;
  values: T[];
  errors: unknown[];
  completed: boolean;
  stop(): Promise<void>;
}

export function wsClient(url: string, authorization?: string): Client {
  return createClient({
    url,
    webSocketImpl: WebSocket,
    connectionParams: authorization ? { authorization } : {},
    lazy: true,
    retryAttempts: 0,
  });
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

/** The gateway's credential towards the subgraphs in tests (SUBGRAPH_SECRET). */
export const TEST_SUBGRAPH_SECRET = 'test-subgraph-secret-0123456789';
