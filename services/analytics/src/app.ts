import {
  AccessTokenVerifier,
  connectEventBus,
  createLogger,
  createRedis,
  Lifecycle,
  migrate,
  OutboxRelay,
  startSubgraph,
  UnitOfWork,
} from '@lbf/service-kit';
import type { AnalyticsConfig } from './config';
import { createDataSource } from './database';
import { startCountersConsumer } from './events/user-registered';
import { startAnalyticsQueues } from './jobs/rollup-visits';
import { LiveCountersFeed } from './live/counters-feed';
import { createResolvers } from './resolvers';
import { typeDefs } from './schema';
import { VisitRateLimit } from './visit-rate-limit';

export interface RunningAnalytics {
  url: string;
  wsUrl: string;
  port: number;
  stop(): Promise<void>;
}

/** Any number that every instance agrees on; serialises migrations when several start together. */
const MIGRATION_LOCK = 4105_0001;

/**
 * Starts the analytics subgraph with its consumer, live feed and queue. If any part fails to
 * start, what was already started is closed again before the error is rethrown.
 */
export async function startAnalytics(config: AnalyticsConfig): Promise<RunningAnalytics> {
  const log = createLogger('analytics', config.logLevel);
  const lifecycle = new Lifecycle(log);
  const keyPrefix = config.redisKeyPrefix ?? 'lbf';
  try {
    const ds = createDataSource(config.databaseUrl);
    await ds.initialize();
    lifecycle.onShutdown('database', () => ds.destroy());
    const lock = ds.createQueryRunner();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const ran = await migrate(ds);
      if (ran.length) log.info({ migrations: ran }, 'migrations applied');
    } finally {
      await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await lock.release();
    }

    const redis = createRedis(config.redisUrl, 'analytics');
    lifecycle.onShutdown('redis', () => redis.quit());

    const bus = await connectEventBus({ url: config.natsUrl, stream: config.eventStream, prefix: config.eventPrefix, name: 'analytics', log });
    lifecycle.onShutdown('event bus', () => bus.close());

    const relay = new OutboxRelay(ds, { publish: bus.publish, log });
    relay.start();
    lifecycle.onShutdown('outbox relay', () => relay.stop());
    const uow = new UnitOfWork(ds, 'analytics', relay);

    const feed = new LiveCountersFeed(bus, log);
    feed.start();
    lifecycle.onShutdown('live feed', () => feed.stop());

    const consumer = await startCountersConsumer({ bus, uow, log, siteTimezone: config.siteTimezone, maxDeliver: config.eventMaxDeliver });
    lifecycle.onShutdown('counters consumer', () => consumer.stop());

    const queues = await startAnalyticsQueues({ ds, connection: redis, log, siteTimezone: config.siteTimezone, prefix: keyPrefix });
    lifecycle.onShutdown('queues', () => queues.close());

    const rateLimit = new VisitRateLimit(redis, keyPrefix, log, config.visitsPerMinutePerIp);
    const subgraph = await startSubgraph({
      name: 'analytics',
      port: config.port,
      host: config.host,
      typeDefs,
      resolvers: createResolvers({ ds, uow, feed, rateLimit, siteTimezone: config.siteTimezone }),
      verifier: new AccessTokenVerifier(config.authPublicKey, redis),
      log,
      production: config.production,
      subscriptions: true,
      readiness: {
        database: () => ds.query('SELECT 1'),
        redis: () => redis.ping(),
        nats: () => bus.nc.flush(),
      },
    });
    lifecycle.onShutdown('subgraph', () => subgraph.stop());

    return {
      url: subgraph.url,
      wsUrl: subgraph.wsUrl,
      port: subgraph.port,
      stop: () => lifecycle.shutdown(),
    };
  } catch (err) {
    await lifecycle.shutdown();
    throw err;
  }
}
