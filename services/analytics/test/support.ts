import {
  createTestEnvironment,
  gatewayHeaders,
  gql as kitGql,
  randomSuffix,
  removeRedisKeys,
  TEST_NATS_URL,
  type GraphQLResponse as KitGraphQLResponse,
} from '@lbf/service-kit/testing';
import { connect, type NatsConnection } from 'nats';
import { startAnalytics, type RunningAnalytics } from '../src/app';
import type { AnalyticsConfig } from '../src/config';

export type GraphQLResponse<T> = Pick<KitGraphQLResponse<T>, 'data' | 'errors'>;

export async function gql<T>(url: string, query: string, variables?: Record<string, unknown>, headers: Record<string, string> = {}): Promise<GraphQLResponse<T>> {
  const { data, errors } = await kitGql<T>(url, query, variables, headers);
  return { data, errors };
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
  const env = await createTestEnvironment();
  const { db, stream, sql, redis, subgraphSecret } = env;
  const asGateway = gatewayHeaders(subgraphSecret);
  const prefixes: string[] = [];
  const apps: RunningAnalytics[] = [];

  const configFor = (more: Partial<AnalyticsConfig>): AnalyticsConfig => {
    const redisKeyPrefix = `t_${randomSuffix()}`;
    prefixes.push(redisKeyPrefix);
    return {
      ...env.baseConfig('analytics'),
      siteTimezone: 'Africa/Douala',
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
  const nc: NatsConnection = await connect({ servers: TEST_NATS_URL });

  return {
    app,
    db,
    stream,
    sql,
    nc,
    redis,
    subgraphSecret,
    /** An access token for a fresh user (an administrator with `admin: true`), signed with this file's key. */
    newUser: (opts: { admin?: boolean } = {}) => env.newUser(opts),
    /** A GraphQL call to the first instance as the gateway would forward it, with a token when given. */
    query: <T>(query: string, variables: Record<string, unknown> = {}, token?: string | null) =>
      gql<T>(app.url, query, variables, gatewayHeaders(subgraphSecret, token)),
    /** The first instance's Redis prefix (its BullMQ queue and rate limits live under it). */
    redisKeyPrefix: prefixes[0]!,
    startAnother,
    counters: async (url = app.url): Promise<Counters> => {
      const res = await gql<{ liveCounters: Counters }>(url, LIVE_COUNTERS, {}, asGateway);
      if (!res.data) throw new Error(JSON.stringify(res.errors));
      return res.data.liveCounters;
    },
    recordVisit: (input: Record<string, unknown>, headers: Record<string, string> = {}, url = app.url) =>
      gql<{ recordPageVisit: boolean }>(url, RECORD_PAGE_VISIT, { input }, { ...asGateway, ...headers }),
    async teardown() {
      for (const a of apps.reverse()) await a.stop();
      await nc.close();
      for (const prefix of prefixes) await removeRedisKeys(prefix);
      await env.cleanup();
    },
  };
}

export type AnalyticsTestContext = Awaited<ReturnType<typeof setupAnalytics>>;
