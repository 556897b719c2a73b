import { AccessTokenVerifier, createLogger, Redis, startSubgraph, type BaseContext, type RunningSubgraph } from '@lbf/service-kit';
import { testKeys, TEST_REDIS_URL, until } from '@lbf/service-kit/testing';
import { setTimeout as delay } from 'node:timers/promises';
import { startGateway, type RunningGateway } from '../src/app';
import { composeSupergraph } from '../src/schema/compose-supergraph';
import { testGatewayConfig, subscribe, wsClient } from './support';

/**
 * An analytics-like subgraph goes away (killed, or stopped for a rolling deploy) while a visitor
 * watches its live counters, and the visitor leaves while the gateway's upstream client waits to
 * retry: the gateway must stay up, with nothing left as an unhandled rejection.
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
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => void rejections.push(reason);

  beforeAll(async () => {
    process.on('unhandledRejection', onRejection);
    analytics = await startSubgraph<BaseContext>({
      name: 'analytics',
      port: 0,
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
    const composed = composeSupergraph([{ name: 'analytics', url: analytics.url, sdl: SDL }]);
    if (!composed.ok) throw new Error(composed.errors.join('\n'));
    gateway = await startGateway(
      testGatewayConfig({
        subgraphs: [{ name: 'analytics', url: analytics.url }],
        authPublicKey: keys.publicKey,
        supergraphSdl: composed.supergraphSdl,
      }),
    );
    await gateway.ready;
  });

  afterAll(async () => {
    process.off('unhandledRejection', onRejection);
    await gateway?.stop();
    redis.disconnect();
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
