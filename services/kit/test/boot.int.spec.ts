import type { Envelope } from '@lbf/proto-events';
import { bootService, createLogger, createServiceDataSource, defineModule, defineService, OutboxRelay, UnitOfWork, type BaseConfig } from '../src';
import { createTestEnvironment, type TestEnvironment } from '../src/testing';

/** The kit's own promises: one bootstrap, a queue that cannot start without its handlers, readiness that means it, a relay that never doubles. */
const SDL = 'type Query { hello: String }';

describe('the kit', () => {
  let env: TestEnvironment;
  beforeAll(async () => {
    env = await createTestEnvironment();
  });
  afterAll(async () => {
    await env.cleanup();
  });

  const service = (config: BaseConfig, handlers: Record<string, () => Promise<unknown>>) =>
    defineService<BaseConfig, { first: Record<string, never>; second: Record<string, never> }>({
      name: 'analytics',
      config,
      dataSource: (url, poolSize) => createServiceDataSource({ url, schema: 'analytics', entities: [], migrations: [], poolSize }),
      typeDefs: SDL,
      jobs: { names: ['first', 'second'] },
      setup: () => ({ resolvers: { Query: { hello: () => 'bonjour' } }, jobHandlers: handlers }),
    });

  it("holds at most its config's dbPoolMax connections to Postgres (DB_POOL_MAX)", async () => {
    // No queue (stopping a worker right after boot is another test's matter): the pool only.
    const definition = defineService({
      name: 'analytics',
      config: { ...env.baseConfig('analytics'), dbPoolMax: 3 },
      dataSource: (url, poolSize) => createServiceDataSource({ url, schema: 'analytics', entities: [], migrations: [], poolSize }),
      typeDefs: SDL,
      setup: () => ({ resolvers: { Query: { hello: () => 'bonjour' } } }),
    });
    const running = await bootService(definition, { kitJobs: [] });
    try {
      const pool = (running.ds.driver as unknown as { master: { options: { max: number } } }).master;
      expect(pool.options.max).toBe(3);
    } finally {
      await running.stop();
    }
  });

  it('refuses to boot a service whose job map has a job without a handler', async () => {
    await expect(bootService(service(env.baseConfig('analytics'), { first: async () => 1 }))).rejects.toThrow(/No handler for job\(s\): second/);
  });

  it('refuses to boot in production without the gateway secret', async () => {
    await expect(bootService(service({ ...env.baseConfig('analytics'), production: true, subgraphSecret: null }, {}))).rejects.toThrow(/SUBGRAPH_SECRET/);
  });

  it('is ready only while Redis and NATS answer', async () => {
    const running = await bootService(service(env.baseConfig('analytics'), { first: async () => 1, second: async () => 2 }));
    const ready = () => fetch(`${running.url.replace(/\/graphql$/, '')}/ready`);
    try {
      expect((await ready()).status).toBe(200);
      running.redis.disconnect();
      const res = await ready();
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ checks: { redis: false, database: true, nats: true } });
      await running.bus.nc.close();
      expect(await (await ready()).json()).toMatchObject({ checks: { nats: false } });
      expect((await fetch(`${running.url.replace(/\/graphql$/, '')}/health`)).status).toBe(200);
    } finally {
      await running.stop();
    }
  });

  it('boots a service from its modules: resolvers merged, each module started before it listens and stopped at shutdown', async () => {
    const calls: string[] = [];
    const running = await bootService(
      defineService<BaseConfig, { first: Record<string, never>; second: Record<string, never> }>({
        name: 'analytics',
        config: env.baseConfig('analytics'),
        dataSource: (url) => createServiceDataSource({ url, schema: 'analytics', entities: [], migrations: [] }),
        typeDefs: 'type Query { hello: String, bye: String }',
        jobs: { names: ['first', 'second'] },
        setup: () => ({
          modules: [
            defineModule({
              name: 'greetings',
              resolvers: { Query: { hello: () => 'bonjour' } },
              jobHandlers: { first: async () => 1 },
              start: async () => void calls.push('start greetings'),
              stop: async () => void calls.push('stop greetings'),
            }),
            defineModule({ name: 'farewells', resolvers: { Query: { bye: () => 'au revoir' } }, jobHandlers: { second: async () => 2 } }),
          ],
        }),
      }),
    );
    try {
      expect(calls).toEqual(['start greetings']);
      const res = await fetch(running.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-lbf-gateway-secret': env.subgraphSecret },
        body: JSON.stringify({ query: '{ hello bye }' }),
      });
      expect(((await res.json()) as { data: unknown }).data).toEqual({ hello: 'bonjour', bye: 'au revoir' });
    } finally {
      await running.stop();
    }
    expect(calls).toEqual(['start greetings', 'stop greetings']);
  });

  it('serves Prometheus metrics on /metrics: operations by name and outcome, HTTP by route, outbox, queue and process figures', async () => {
    const running = await bootService(service(env.baseConfig('analytics'), { first: async () => 1, second: async () => 2 }));
    const base = running.url.replace(/\/graphql$/, '');
    try {
      const ask = (query: string, operationName?: string) =>
        fetch(running.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-lbf-gateway-secret': env.subgraphSecret },
          body: JSON.stringify({ query, operationName }),
        });
      await ask('query Greeting { hello }', 'Greeting');
      await ask('query Broken { nope }', 'Broken');
      await running.uow.run((tx) => tx.emit('analytics.counters.updated', { registeredUsers: 1, visitsToday: 1, day: '2026-11-27' }).then(() => undefined));
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toMatch(/lbf_graphql_operations_total\{operation="Greeting",type="query",outcome="ok",service="analytics"\} 1/);
      expect(text).toMatch(/lbf_graphql_operations_total\{operation="anonymous",type="unknown",outcome="error",service="analytics"\} 1|operation="Broken",type="unknown",outcome="error"/);
      expect(text).toMatch(/lbf_http_requests_total\{route="\/graphql",method="POST",code="200",service="analytics"\} \d/);
      expect(text).toMatch(/lbf_outbox_backlog\{service="analytics"\} \d/);
      expect(text).toMatch(/lbf_queue_jobs\{state="waiting",service="analytics"\} \d/);
      expect(text).toMatch(/lbf_process_resident_memory_bytes\{service="analytics"\} \d/);
    } finally {
      await running.stop();
    }
  });

  it('publishes every outbox row exactly once with two relays racing on the same table (SKIP LOCKED)', async () => {
    const ds = createServiceDataSource({ url: env.baseConfig('analytics').databaseUrl, schema: 'analytics', entities: [], migrations: [] });
    await ds.initialize();
    try {
      const uow = new UnitOfWork(ds, 'analytics');
      const day = '2026-11-23';
      for (let i = 0; i < 60; i++) {
        await uow.run((tx) => tx.emit('analytics.counters.updated', { registeredUsers: i, visitsToday: i, day }).then(() => undefined));
      }
      const published: string[] = [];
      const slowPublish = async (envelope: Envelope) => {
        await new Promise((r) => setTimeout(r, 2));
        published.push(envelope.id);
      };
      const log = createLogger('relay-test', 'silent');
      const a = new OutboxRelay(ds, { publish: slowPublish, log, batchSize: 7 });
      const b = new OutboxRelay(ds, { publish: slowPublish, log, batchSize: 7 });
      const [sentA, sentB] = await Promise.all([a.drain(), b.drain()]);
      expect(sentA + sentB).toBe(60);
      expect(sentA).toBeGreaterThan(0);
      expect(sentB).toBeGreaterThan(0);
      expect(new Set(published).size).toBe(60);
      expect(published).toHaveLength(60);
      const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL');
      expect(n).toBe(0);
    } finally {
      await ds.destroy();
    }
  });
});
