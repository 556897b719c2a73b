import { events as eventTypes, makeEnvelope, publishEnvelope, type EventSubject } from '@lbf/proto-events';
import { connect, type NatsConnection } from 'nats';
import type { BaseConfig } from '../env';
import { createTestEnvironment, type TestEnvironment, type TestUser } from './environment';
import { collectEvents, type EventCollector } from './events';
import { gatewayHeaders, gql, type GraphQLResponse, type Loose } from './graphql';
import { until } from './infra';

/** What a started service gives a harness: its GraphQL URL and a stop. */
export interface StartedService {
  url: string;
  stop(): Promise<unknown>;
}

export interface HarnessDefinition<Cfg extends BaseConfig, App extends StartedService> {
  /** The registry name (services/kit/services.json). */
  service: string;
  /** The service's config from the file's base config (its own settings with test values). */
  config(base: BaseConfig, env: TestEnvironment): Cfg;
  /** Boots one replica (the service's `startX(config, options)`). */
  start(config: Cfg): Promise<App>;
}

/** A GraphQL client speaking to the service as the gateway would, as one user (or a visitor). */
export interface Caller {
  user: TestUser | null;
  gql<T = Loose>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  /** The data, or a thrown Error with the GraphQL errors (when a test only wants the answer). */
  data<T = Loose>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

/**
 * One test file's service (issue 21): `createHarness(definition)` gives its own database copy,
 * stream and Redis keys (the TestEnvironment), the service booted on them, callers as a user,
 * an administrator or a visitor, events published and collected, more replicas, and one teardown.
 * Each service's `test/harness.ts` defines the definition once and adds its modules' factories.
 */
export interface Harness<Cfg extends BaseConfig, App extends StartedService> {
  env: TestEnvironment;
  config: Cfg;
  /** The first replica. */
  app: App;
  /** Every replica started, first included. */
  apps: App[];
  sql: TestEnvironment['sql'];
  redis: TestEnvironment['redis'];
  /** Another replica on the same database, stream and keys (settings overridden by `more`). */
  start(more?: Partial<Cfg>): Promise<App>;
  /** A fresh user's token signed with this file's key (`admin: true` for an administrator). */
  newUser(opts?: { admin?: boolean; userId?: string }): TestUser;
  as(user: TestUser | null, url?: string): Caller;
  /** A caller as a fresh administrator. */
  asAdmin(): Caller;
  /** A caller with no token. */
  visitor(): Caller;
  /** Publishes an event on the file's stream as another service would (the current version of its type). */
  publish(subject: EventSubject, data: Record<string, unknown>, producer?: string): Promise<void>;
  /** Collects what is published on the file's stream from its start; stopped at teardown. */
  events(subjects: EventSubject[]): Promise<EventCollector>;
  until: typeof until;
  /** Stops every replica, then removes the database copy, stream and keys. */
  teardown(): Promise<void>;
}

export async function createHarness<Cfg extends BaseConfig, App extends StartedService>(
  definition: HarnessDefinition<Cfg, App>,
  overrides: Partial<Cfg> = {},
): Promise<Harness<Cfg, App>> {
  const env = await createTestEnvironment();
  const config: Cfg = { ...definition.config(env.baseConfig(definition.service), env), ...overrides };
  const apps: App[] = [];
  const collectors: EventCollector[] = [];
  let nc: NatsConnection | null = null;
  const start = async (more: Partial<Cfg> = {}) => {
    const app = await definition.start({ ...config, ...more });
    apps.push(app);
    return app;
  };
  let app: App;
  try {
    app = await start();
  } catch (err) {
    await env.cleanup();
    throw err;
  }
  const as = (user: TestUser | null, url = app.url): Caller => {
    const call = <T>(query: string, variables: Record<string, unknown> = {}) => gql<T>(url, query, variables, gatewayHeaders(env.subgraphSecret, user?.token ?? null));
    return {
      user,
      gql: call,
      async data<T>(query: string, variables?: Record<string, unknown>) {
        const res = await call<T>(query, variables);
        if (res.errors?.length || !res.data) throw new Error(`GraphQL errors: ${JSON.stringify(res.errors ?? res)}`);
        return res.data;
      },
    };
  };
  return {
    env,
    config,
    app,
    apps,
    sql: env.sql,
    redis: env.redis,
    start,
    newUser: (opts) => env.newUser(opts),
    as,
    asAdmin: () => as(env.newUser({ admin: true })),
    visitor: () => as(null),
    async publish(subject, data, producer = 'test') {
      nc ??= await connect({ servers: config.natsUrl });
      const envelope = makeEnvelope({ subject, version: eventTypes[subject].version, producer, data });
      await publishEnvelope(nc.jetstream(), env.stream.prefix, envelope);
    },
    async events(subjects) {
      const collector = await collectEvents(env.stream, subjects, config.natsUrl);
      collectors.push(collector);
      return collector;
    },
    until,
    async teardown() {
      for (const c of collectors) await c.stop();
      for (const a of [...apps].reverse()) await a.stop();
      await nc?.close();
      await env.cleanup();
    },
  };
}
