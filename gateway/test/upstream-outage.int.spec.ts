import { AccessTokenVerifier, createLogger, Redis, startSubgraph, type BaseContext, type RunningSubgraph } from '@lbf/service-kit';
import { testKeys, TEST_REDIS_URL, until } from '@lbf/service-kit/testing';
import { request } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { startGateway, type RunningGateway } from '../src/app';
import { composeSupergraph } from '../src/schema/compose-supergraph';
import { testGatewayConfig, subscribe, wsClient } from './support';

/**
 * An analytics-like subgraph goes away (killed, or stopped for a rolling deploy) while a visitor
 * watches its live counters: when it comes back, the visitor's subscription goes on (the gateway's
 * upstream client retried its refused connections); and when the visitor leaves while the gateway's
 * upstream client waits to retry, the gateway stays up, with nothing left as an unhandled rejection.
 */
const SDL = `
extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])
type Counters { visitsToday: Int! }
type Query { counters: Counters! }
type Subscription { liveCounters: Counters! }
`;

describe('an upstream outage during a live subscription', () => {
  const keys = testKeys();
  const redis = new Redis(TEST_REDIS_URL);
  let analytics: RunningSubgraph;
  let gateway: RunningGateway;
  let gatewayDraining = false;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => void rejections.push(reason);

  const startAnalytics = (port = 0) =>
    startSubgraph<BaseContext>({
      name: 'analytics',
      port,
      typeDefs: SDL,
      verifier: new AccessTokenVerifier(keys.publicKey, redis),
      log: createLogger('analytics', 'silent'),
      production: false,
      subscriptions: true,
      resolvers: {
        Query: { counters: () => ({ visitsToday: 1 }) },
        Subscription: {
          liveCounters: {
            subscribe: async function* () {
              for (let n = 1; ; n++) {
                yield { liveCounters: { visitsToday: n } };
                await delay(50);
              }
            },
          },
        },
      },
    });

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    analytics = await startAnalytics();
    const composed = composeSupergraph([{ name: 'analytics', url: analytics.url, sdl: SDL }]);
    if (!composed.ok) throw new Error(composed.errors.join('\n'));
    gateway = await startGateway(
      testGatewayConfig({
        subgraphs: [{ name: 'analytics', url: analytics.url }],
        authPublicKey: keys.publicKey,
        supergraphSdl: composed.supergraphSdl,
      }),
      { draining: () => gatewayDraining },
    );
    await gateway.ready;
  });

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await gateway?.stop();
    redis.disconnect();
  });

  it('brings a live subscription back, without an error, when its subgraph restarts on the same address', async () => {
    const visitor = subscribe(wsClient(gateway.wsUrl), 'subscription { liveCounters { visitsToday } }', (d) => d.liveCounters);
    try {
      await until(() => visitor.values.length >= 2, 3000, 'live counters to flow');
      const port = analytics.port;
      await analytics.stop();
      // Down long enough for the gateway's reconnections to be refused (an error event, not a close).
      await delay(1500);
      analytics = await startAnalytics(port);
      const seen = visitor.values.length;
      await until(() => visitor.values.length >= seen + 2 || visitor.errors.length > 0, 10_000, 'counters from the restarted subgraph');
      expect(visitor.errors).toEqual([]);
    } finally {
      await visitor.stop();
    }
  });

  it('drains like a subgraph: /ready answers 503 while queries are still answered, each closing its connection', async () => {
    const ask = (path: string, body?: string) =>
      new Promise<{ status: number; connection?: string; text: string }>((resolve, reject) => {
        const req = request(new URL(path, gateway.url), { method: body ? 'POST' : 'GET', headers: { 'content-type': 'application/json' } }, (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    const query = JSON.stringify({ query: '{ counters { visitsToday } }' });
    expect((await ask('/ready')).status).toBe(200);
    expect((await ask('/graphql', query)).connection).not.toBe('close');
    gatewayDraining = true;
    try {
      expect(await ask('/ready')).toMatchObject({ status: 503, text: JSON.stringify({ status: 'draining' }) });
      const during = await ask('/graphql', query);
      expect({ ...during, text: JSON.parse(during.text) as unknown }).toEqual({ status: 200, connection: 'close', text: { data: { counters: { visitsToday: 1 } } } });
    } finally {
      gatewayDraining = false;
    }
  });

  it('keeps the gateway up when the visitor leaves while the upstream client waits to retry', async () => {
    const visitor = subscribe(wsClient(gateway.wsUrl), 'subscription { liveCounters { visitsToday } }', (d) => d.liveCounters);
    await until(() => visitor.values.length >= 2, 3000, 'live counters to flow');
    await analytics.stop();
    await delay(100);
    await visitor.stop();
    // Past the upstream client's retry wait, when its pending connection gives up.
    await delay(5000);
    expect(rejections).toEqual([]);
    const health = await fetch(new URL('/health', gateway.url));
    expect(health.status).toBe(200);
  });
});
