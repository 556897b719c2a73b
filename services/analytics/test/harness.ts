import { createHarness, createTestDatabase, randomSuffix, removeRedisKeys, type Harness, type HarnessDefinition, type TestStream } from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { startAnalytics, type RunningAnalytics } from '../src/app';
import type { AnalyticsConfig } from '../src/config';
import { createDataSource } from '../src/database';
import { eventFactory, type EventFactory } from './factories/events';
import { visitsFactory, type VisitsFactory } from './factories/visits';

/** The site's zone the tests run analytics in (its days are what 'today' means below). */
export const SITE_TIMEZONE = 'Africa/Douala';

/** Analytics as the kit's harness boots it: the file's base config, the site's zone. */
export const analyticsDefinition: HarnessDefinition<AnalyticsConfig, RunningAnalytics> = {
  service: 'analytics',
  config: (base) => ({ ...base, siteTimezone: SITE_TIMEZONE }),
  start: (config) => startAnalytics(config),
};

/**
 * One test file's analytics (the kit's harness: its own database copy, stream and Redis prefix, the
 * service on a free port, callers as a user, an administrator or a visitor), plus what its rooms'
 * tests use: the visits factory (page views, live counters) and the events one (other services'
 * events published, redelivered, and waited for).
 */
export interface AnalyticsHarness extends Harness<AnalyticsConfig, RunningAnalytics>, VisitsFactory {
  /** A NATS connection of the test's own (JetStream looks, plain subscriptions). */
  nc: NatsConnection;
  stream: TestStream;
  subgraphSecret: string;
  /** The first replica's Redis prefix (its BullMQ queue and rate limits live under it). */
  redisKeyPrefix: string;
  /**
   * Another replica on the same database and stream. Its Redis keys are its own (rate limits, queue)
   * unless `more.redisKeyPrefix` says otherwise, e.g. the first replica's to share the bell's channel.
   */
  startAnother(more?: Partial<AnalyticsConfig>): Promise<RunningAnalytics>;
  ev: EventFactory;
}

export async function setupAnalytics(overrides: Partial<AnalyticsConfig> = {}): Promise<AnalyticsHarness> {
  const h = await createHarness(analyticsDefinition, overrides);
  const nc = await connect({ servers: h.config.natsUrl });
  const prefixes: string[] = [];
  const base = {
    ...h,
    nc,
    stream: h.env.stream,
    subgraphSecret: h.env.subgraphSecret,
    redisKeyPrefix: h.config.redisKeyPrefix!,
    async startAnother(more: Partial<AnalyticsConfig> = {}) {
      const redisKeyPrefix = `t_${randomSuffix()}`;
      prefixes.push(redisKeyPrefix);
      return h.start({ redisKeyPrefix, ...more });
    },
    async teardown() {
      await h.teardown();
      await nc.close();
      for (const prefix of prefixes) await removeRedisKeys(prefix);
    },
  };
  return { ...base, ...visitsFactory(base), ev: eventFactory(base) };
}

/**
 * Analytics' database alone, no service (the migrations' tests): a database copy of the file's own
 * migrated through analytics' DataSource, and a superuser connection to look at it.
 */
export async function setupAnalyticsDatabase(): Promise<{ ds: DataSource; sql: Client; teardown(): Promise<void> }> {
  const db = await createTestDatabase();
  const ds = createDataSource(db.urlFor('analytics'), 2);
  await ds.initialize();
  const sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
  return {
    ds,
    sql,
    async teardown() {
      await sql.end();
      await ds.destroy();
      await db.drop();
    },
  };
}
