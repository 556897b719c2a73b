import { request } from 'node:http';
import WebSocket from 'ws';
import { GATEWAY_SECRET_HEADER, type RunningSubgraph } from '../src';
import { testSecret } from '../src/testing';
import { startProbeSubgraph } from './probe-subgraph';

/**
 * A subgraph that drains before it stops (issue 22 §4, Lifecycle.drain): from SIGTERM on its /ready
 * answers 503 while it still answers requests, each closing its connection; stopping then waits for
 * the request in flight and closes live subscriptions with 1001 (« going away »: clients reconnect).
 */
const SDL = `
type Query { fast: Int! slow: Int! }
type Subscription { forever: Int! }
`;

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** One request over node:http (fetch hides the Connection header). */
function call(url: string, method: 'GET' | 'POST', headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('a subgraph draining before it stops', () => {
  const secret = testSecret();
  let draining = false;
  let releaseSlow: () => void = () => undefined;
  let slowStarted: () => void = () => undefined;
  const slowRunning = new Promise<void>((resolve) => (slowStarted = resolve));
  let sub: RunningSubgraph;
  let origin: string;
  const post = (query: string) => call(sub.url, 'POST', { 'content-type': 'application/json', [GATEWAY_SECRET_HEADER]: secret }, JSON.stringify({ query }));

  beforeAll(async () => {
    sub = await startProbeSubgraph({
      name: 'drain',
      typeDefs: SDL,
      gatewaySecret: secret,
      readiness: { always: async () => true },
      draining: () => draining,
      resolvers: {
        Query: {
          fast: () => 1,
          slow: () =>
            new Promise<number>((resolve) => {
              releaseSlow = () => resolve(2);
              slowStarted();
            }),
        },
        Subscription: {
          forever: {
            async *subscribe() {
              yield { forever: 1 };
              await new Promise(() => undefined);
            },
          },
        },
      },
    });
    origin = sub.url.replace(/\/graphql$/, '');
  });

  afterAll(async () => {
    await sub?.stop();
  });

  it('is ready and keeps connections alive until it drains; then /ready answers 503 while queries are still answered, each closing its connection', async () => {
    expect((await call(`${origin}/ready`, 'GET')).status).toBe(200);
    const before = await post('{ fast }');
    expect(before.status).toBe(200);
    expect(before.connection).not.toBe('close');

    draining = true;
    const ready = await call(`${origin}/ready`, 'GET');
    expect({ status: ready.status, body: JSON.parse(ready.body) }).toEqual({ status: 503, body: { status: 'draining' } });
    const during = await post('{ fast }');
    expect({ status: during.status, connection: during.connection, body: JSON.parse(during.body) }).toEqual({ status: 200, connection: 'close', body: { data: { fast: 1 } } });
  });

  it('finishes the request in flight when it stops, and closes live subscriptions with 1001', async () => {
    const ws = new WebSocket(sub.wsUrl, 'graphql-transport-ws', { headers: { [GATEWAY_SECRET_HEADER]: secret } });
    const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
    const firstValue = new Promise<void>((resolve) =>
      ws.on('message', (data) => {
        const m = JSON.parse(String(data)) as { type: string };
        if (m.type === 'connection_ack') ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { forever }' } }));
        if (m.type === 'next') resolve();
      }),
    );
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    await firstValue;

    const inFlight = post('{ slow }');
    await slowRunning;
    let stopped = false;
    const stopping = sub.stop().then(() => void (stopped = true));
    expect(await closed).toBe(1001);
    expect(stopped).toBe(false);
    releaseSlow();
    const answer = await inFlight;
    expect({ status: answer.status, body: JSON.parse(answer.body) }).toEqual({ status: 200, body: { data: { slow: 2 } } });
    await stopping;
    await expect(call(`${origin}/health`, 'GET')).rejects.toThrow(/ECONNREFUSED/);
  });
});
