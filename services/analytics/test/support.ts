import {
  createTestDatabase,
  randomSuffix,
  removeRedisKeys,
  testKeys,
  testStream,
  TEST_NATS_URL,
  TEST_REDIS_URL,
  type TestDatabase,
  type TestStream,
} from '@lbf/service-kit/testing';
import { Redis } from 'ioredis';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { startAnalytics, type RunningAnalytics } from '../src/app';
import type { AnalyticsConfig } from '../src/config';

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export async function gql<T>(url: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<GraphQLResponse<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GraphQLResponse<T>;
}

export interface Counters {
  registeredUsers: number;
  visitsToday: number;
  day: string;
}

export const LIVE_COUNTERS = 'query LiveCounters { liveCounters { registeredUsers visitsToday day } }';
export const RECORD_PAGE_VISIT = 'mutation RecordPageVisit($input: PageVisitInput!) { recordPageVisit(input: $input) }';

/**
 * One test file's analytics: its own database copy, stream and Redis prefix, the service started on
 * a free port, and clients to look at what it did. `startAnother` starts a second instance on the
 * same database and stream, as a second replica would be.
 */
export async function setupAnalytics(overrides: Partial<AnalyticsConfig> = {}) {
  const db: TestDatabase = await createTestDatabase();
  const stream: TestStream = testStream();
  const publicKey = testKeys().publicKey;
  const prefixes: string[] = [];
  const apps: RunningAnalytics[] = [];

  const configFor = (more: Partial<AnalyticsConfig>): AnalyticsConfig => {
    const redisKeyPrefix = `t_${randomSuffix()}`;
    prefixes.push(redisKeyPrefix);
    return {
      port: 0,
      databaseUrl: db.urlFor('analytics'),
      natsUrl: TEST_NATS_URL,
      redisUrl: TEST_REDIS_URL,
      eventStream: stream.stream,
      eventPrefix: stream.prefix,
      authPublicKey: publicKey,
      production: false,
      siteTimezone: 'Africa/Douala',
      logLevel: 'silent',
      redisKeyPrefix,
      ...overrides,
      ...more,
    };
  };
  const startAnother = async (more: Partial<AnalyticsConfig> = {}) => {
    const app = await startAnalytics(configFor(more));
    apps.push(app);
    return app;
  };

  const app = await startAnother();
  const sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
  const nc: NatsConnection = await connect({ servers: TEST_NATS_URL });
  const redis = new Redis(TEST_REDIS_URL);

  return {
    app,
    db,
    stream,
    sql,
    nc,
    redis,
    /** The first instance's Redis prefix (its BullMQ queue and rate limits live under it). */
    redisKeyPrefix: prefixes[0]!,
    startAnother,
    counters: async (url = app.url): Promise<Counters> => {
      const res = await gql<{ liveCounters: Counters }>(url, LIVE_COUNTERS);
      if (!res.data) throw new Error(JSON.stringify(res.errors));
      return res.data.liveCounters;
    },
    recordVisit: (input: Record<string, unknown>, headers: Record<string, string> = {}, url = app.url) =>
      gql<{ recordPageVisit: boolean }>(url, RECORD_PAGE_VISIT, { input }, headers),
    async teardown() {
      for (const a of apps.reverse()) await a.stop();
      await nc.close();
      await sql.end();
      for (const prefix of prefixes) await removeRedisKeys(prefix);
      redis.disconnect();
      await stream.remove();
      await db.drop();
    },
  };
}

export type AnalyticsTestContext = Awaited<ReturnType<typeof setupAnalytics>>;
