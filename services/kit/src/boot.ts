import type { Job, JobsOptions, RepeatOptions } from 'bullmq';
import type { Express } from 'express';
import nodeModule from 'node:module';
import type { DataSource } from 'typeorm';
import { AccessTokenVerifier } from './auth';
import { MIGRATE_POOL_MAX, migrateUnderLock, prepareSchema } from './database';
import { exitOnConfigError, type BaseConfig } from './env';
import { connectEventBus, type EventBus, type RunningConsumer } from './event-bus';
import { Lifecycle } from './lifecycle';
import { createMetrics, type Metrics } from './metrics';
import { registerServiceCollectors } from './service-metrics';
import type { JobSchedule } from './queues';
export type { JobSchedule } from './queues';
import { composeModules, type ModuleParts } from './module';
import { createLogger, type Logger } from './logger';
import { OutboxRelay } from './outbox';
import { guardProcess } from './process-guards';
import { createServiceQueues, type JobHandlers, type JobMap, type JobRecovery, type ServiceQueues } from './queues';
import { createRedis, type Redis } from './redis';
import { serviceByName } from './registry';
import { startSubgraph, type BaseContext, type RunningSubgraph } from './subgraph';
import { UnitOfWork } from './unit-of-work';
import { startTracing, traceResolvers } from './tracing';
import type { OperationLimits } from './operation-limits';
import { EVENTS_MAINTENANCE_JOB, EVENTS_MAINTENANCE_SCHEDULER, runEventsMaintenance } from './retention';

/** What the kit has opened for a service before the service builds its own parts on top. */
export interface ServiceInfra<Cfg extends BaseConfig = BaseConfig, J extends JobMap = JobMap> {
  name: string;
  config: Cfg;
  log: Logger;
  ds: DataSource;
  redis: Redis;
  bus: EventBus;
  relay: OutboxRelay;
  uow: UnitOfWork;
  verifier: AccessTokenVerifier;
  /** This process's Prometheus registry (`/metrics`): modules add their own counters to it. */
  metrics: Metrics;
  /** Queues a job of this service's map; usable once boot is done (the worker needs the handlers first). */
  enqueue<K extends keyof J & string>(name: K, data: J[K], opts?: JobsOptions): Promise<Job<J[K]>>;
  /** Closes something the service opened itself; closed before the kit's own connections. */
  onShutdown(name: string, close: () => Promise<unknown> | unknown): void;
}

/** What a service declares as its own once the infrastructure is up. */
export interface ServiceParts<J extends JobMap, C extends BaseContext, E> {
  /** The service's rooms (`defineModule`), merged by the kit into the fields below; the preferred shape. */
  modules?: ModuleParts<J>[];
  /** Resolvers outside any module (prefer modules). */
  resolvers?: Readonly<Record<string, object>>;
  context?: (base: BaseContext) => C | Promise<C>;
  /** Extra HTTP routes (e.g. /media); they sit behind the gateway credential like /graphql. */
  routes?: (app: Express) => void;
  /** Checks /ready runs besides the kit's database, Redis and NATS ones. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** One handler per job of the definition's `jobs.names`; boot is refused when one is missing. */
  jobHandlers?: Partial<JobHandlers<J>>;
  jobSchedules?: JobSchedule<J>[];
  /** Durable consumers, started once the rest is up and stopped before it closes. */
  consumers?: Array<{ name: string; start: () => Promise<RunningConsumer> }>;
  /** Whatever tests or callers need from the running service (e.g. catalogue's object store). */
  expose?: E;
}

export interface ServiceDefinition<Cfg extends BaseConfig, J extends JobMap, C extends BaseContext, E> {
  /** The registry name (services/kit/services.json): it gives the schema and the default port. */
  name: string;
  config: Cfg;
  /** The service's DataSource on a database URL, with a pool of at most `poolMax` connections (config.dbPoolMax). */
  dataSource: (url: string, poolMax: number) => DataSource;
  typeDefs: string;
  /** Mounts graphql-ws for the SDL's Subscription fields. */
  subscriptions?: boolean;
  /** The typed job map's names; their handlers come from `setup`. Queue names are stored: never rename. */
  jobs?: { names: readonly (keyof J & string)[]; concurrency?: number; recovery?: JobRecovery };
  limits?: Partial<OperationLimits>;
  /** How long shutdown may take (after the drain's pause) before the process gives up waiting; 15 s by default. */
  shutdownDeadlineMs?: number;
  setup(infra: ServiceInfra<Cfg, J>): Promise<ServiceParts<J, C, E>> | ServiceParts<J, C, E>;
}

/** Only for inference: `defineService({...})` types setup's infra from the config and job map given. */
export function defineService<Cfg extends BaseConfig, J extends JobMap = Record<never, never>, C extends BaseContext = BaseContext, E = undefined>(
  definition: ServiceDefinition<Cfg, J, C, E>,
): ServiceDefinition<Cfg, J, C, E> {
  return definition;
}

/** A maintenance job the kit runs in every service's own queue, beside the service's jobs. */
export interface KitJob {
  name: string;
  handler: (infra: ServiceInfra) => (job: Job) => Promise<unknown>;
  schedule?: { id: string; repeat: Omit<RepeatOptions, 'key'> };
}

/**
 * The kit's jobs, registered for every service in this one place (e.g. pruning the outbox and
 * inbox tables). A job name is stored in Redis: never rename one that may have run.
 */
export const kitJobs: KitJob[] = [
  {
    // Prunes sent outbox and old inbox rows, and purges sensitive subjects (reset links) from the stream.
    name: EVENTS_MAINTENANCE_JOB,
    handler: (infra) => () => runEventsMaintenance({ ds: infra.ds, bus: infra.bus, log: infra.log }),
    schedule: { id: EVENTS_MAINTENANCE_SCHEDULER.id, repeat: { every: EVENTS_MAINTENANCE_SCHEDULER.every } },
  },
];

export interface RunningService<E = undefined> {
  name: string;
  url: string;
  wsUrl: string;
  port: number;
  log: Logger;
  ds: DataSource;
  redis: Redis;
  bus: EventBus;
  uow: UnitOfWork;
  queues: ServiceQueues<JobMap> | null;
  subgraph: RunningSubgraph;
  lifecycle: Lifecycle;
  expose: E;
  /** Closes everything in reverse order; false when the shutdown deadline passed first. */
  stop(): Promise<boolean>;
}

/** A check that fails instead of hanging when its server does not answer (an offline client queues forever). */
function withTimeout(what: string, check: () => Promise<unknown>, ms: number): () => Promise<unknown> {
  return () => {
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
      }),
    ]).finally(() => clearTimeout(timer));
  };
}

export const READINESS_TIMEOUT_MS = 1000;

/**
 * Starts one service the way every service starts: database bound to its schema and migrated under
 * the schema's advisory lock, Redis, event bus, outbox relay, unit of work, the service's own parts,
 * its queue (refused when a job has no handler), consumers, the subgraph and its readiness. If a
 * step fails, what was opened is closed again before the error is rethrown.
 */
export async function bootService<Cfg extends BaseConfig, J extends JobMap, C extends BaseContext, E>(
  definition: ServiceDefinition<Cfg, J, C, E>,
  options: { kitJobs?: readonly KitJob[] } = {},
): Promise<RunningService<E>> {
  const { name, config } = definition;
  const log = createLogger(name, config.logLevel);
  const lifecycle = new Lifecycle(log, definition.shutdownDeadlineMs, config.shutdownDelayMs);
  if (config.subgraphSecret === undefined || (config.production && !config.subgraphSecret)) {
    throw new Error(`${name}: SUBGRAPH_SECRET is required (the gateway's credential); only in-process tests may pass null`);
  }
  // Where boot time goes (the recovery bench's question): milliseconds per step, logged once listening.
  const steps: Record<string, number> = { process: Math.round(process.uptime() * 1000) };
  let mark = performance.now();
  const step = (label: string) => {
    const now = performance.now();
    steps[label] = Math.round(now - mark);
    mark = now;
  };
  try {
    const { infra, setQueues } = await openInfra(definition, log, lifecycle, step);
    const parts = await withModules(await definition.setup(infra), lifecycle);
    step('setup');
    const queues = await startQueues(definition, infra, parts, options.kitJobs ?? kitJobs, lifecycle);
    setQueues(queues);
    step('queues');
    for (const consumer of parts.consumers ?? []) {
      const running = await consumer.start();
      lifecycle.onShutdown(consumer.name, () => running.stop());
    }
    step('consumers');
    const subgraph = await startSubgraph<C>({
      name,
      port: config.port,
      host: config.host,
      typeDefs: definition.typeDefs,
      resolvers: traceResolvers(parts.resolvers),
      verifier: infra.verifier,
      log,
      production: config.production,
      context: parts.context,
      subscriptions: definition.subscriptions,
      routes: parts.routes,
      gatewaySecret: config.subgraphSecret,
      limits: definition.limits,
      readiness: readinessChecks(infra, parts.readiness),
      metrics: infra.metrics,
      draining: () => lifecycle.isDraining(),
    });
    lifecycle.onShutdown('subgraph', () => subgraph.stop());
    step('subgraph');
    log.info({ bootMs: steps }, `${name} booted in ${Math.round(process.uptime() * 1000)} ms since the process started`);
    const { ds, redis, bus, uow } = infra;
    return { name, url: subgraph.url, wsUrl: subgraph.wsUrl, port: subgraph.port, log, ds, redis, bus, uow, queues, subgraph, lifecycle, expose: parts.expose as E, stop: () => lifecycle.shutdown() };
  } catch (err) {
    await lifecycle.shutdown();
    throw err;
  }
}

/** The connections every service holds (each closed at shutdown), as the infra its setup receives. */
async function openInfra<Cfg extends BaseConfig, J extends JobMap>(
  definition: ServiceDefinition<Cfg, J, BaseContext, unknown>,
  log: Logger,
  lifecycle: Lifecycle,
  step: (label: string) => void = () => undefined,
): Promise<{ infra: ServiceInfra<Cfg, J>; setQueues(queues: ServiceQueues<JobMap> | null): void }> {
  const { name, config } = definition;
  const ds = definition.dataSource(config.databaseUrl, config.dbPoolMax);
  await ds.initialize();
  lifecycle.onShutdown('database', () => ds.destroy());
  step('database');
  await prepareSchema(ds, serviceByName(name).schema, config.migrations, log);
  step('migrations');

  const redis = createRedis(config.redisUrl, name);
  lifecycle.onShutdown('redis', () => redis.quit());

  const bus = await connectEventBus({ url: config.natsUrl, stream: config.eventStream, prefix: config.eventPrefix, name, log });
  lifecycle.onShutdown('event bus', () => bus.close());
  step('event bus');

  const metrics = createMetrics(name);
  const relay = new OutboxRelay(ds, { publish: bus.publish, log, metrics });
  relay.start();
  lifecycle.onShutdown('outbox relay', () => relay.stop());

  let queues: ServiceQueues<JobMap> | null = null;
  const infra: ServiceInfra<Cfg, J> = {
    name,
    config,
    log,
    ds,
    redis,
    bus,
    relay,
    uow: new UnitOfWork(ds, name, relay, metrics),
    metrics,
    verifier: new AccessTokenVerifier(config.authPublicKey, redis, config.redisKeyPrefix),
    enqueue: (job, data, opts) => {
      if (!queues) return Promise.reject(new Error(`${name}: job ${job} queued before the service finished booting`));
      return queues.add(job, data as Record<string, unknown>, opts) as never;
    },
    onShutdown: (part, close) => lifecycle.onShutdown(part, close),
  };
  registerServiceCollectors(infra.metrics, { ds, bus, queues: () => queues });
  return { infra, setQueues: (q) => void (queues = q) };
}

/** The service's queue with its handlers and the kit's jobs, and the schedules upserted; null without jobs. */
async function startQueues<Cfg extends BaseConfig, J extends JobMap, C extends BaseContext, E>(
  definition: ServiceDefinition<Cfg, J, C, E>,
  infra: ServiceInfra<Cfg, J>,
  parts: ServiceParts<J, C, E>,
  extraJobs: readonly KitJob[],
  lifecycle: Lifecycle,
): Promise<ServiceQueues<JobMap> | null> {
  const jobNames = [...(definition.jobs?.names ?? []), ...extraJobs.map((j) => j.name)];
  if (!jobNames.length) return null;
  const handlers: Record<string, (job: Job) => Promise<unknown>> = { ...(parts.jobHandlers as Record<string, (job: Job) => Promise<unknown>>) };
  for (const kitJob of extraJobs) handlers[kitJob.name] = kitJob.handler(infra as unknown as ServiceInfra);
  // Throws on a job without a handler: a service whose queue cannot run all its jobs does not start.
  const created = createServiceQueues<JobMap>({
    service: definition.name,
    connection: infra.redis,
    prefix: definition.config.redisKeyPrefix,
    jobNames,
    handlers: handlers as JobHandlers<JobMap>,
    concurrency: definition.jobs?.concurrency,
    recovery: definition.jobs?.recovery,
    log: infra.log,
    metrics: infra.metrics,
  });
  lifecycle.onShutdown('queues', () => created.close());
  const schedules = [
    ...(parts.jobSchedules ?? []).map((s) => ({ id: s.id, name: s.name as string, repeat: s.repeat, data: s.data ?? {} })),
    ...extraJobs.flatMap((j) => (j.schedule ? [{ id: j.schedule.id, name: j.name, repeat: j.schedule.repeat, data: {} }] : [])),
  ];
  for (const s of schedules) await created.queue.upsertJobScheduler(s.id, s.repeat, { name: s.name, data: s.data });
  return created;
}

/** /ready's checks: database, Redis and a NATS round trip, then the service's own, each bounded in time. */
function readinessChecks(infra: ServiceInfra<BaseConfig, JobMap>, own: ServiceParts<JobMap, BaseContext, unknown>['readiness']) {
  return Object.fromEntries(
    Object.entries({
      database: () => infra.ds.query('SELECT 1'),
      redis: () => infra.redis.ping(),
      // A flush is a round trip to the server; isClosed() stays false while reconnecting.
      nats: () => infra.bus.nc.flush(),
      ...own,
    }).map(([check, fn]) => [check, withTimeout(check, fn, READINESS_TIMEOUT_MS)]),
  );
}

/**
 * A service process's whole main: reads its configuration (a ConfigError is printed, exit 1),
 * keeps the process alive through stray rejections, boots, and shuts down on SIGTERM/SIGINT.
 */
export function runService<Cfg extends BaseConfig, J extends JobMap, C extends BaseContext, E>(
  define: () => ServiceDefinition<Cfg, J, C, E>,
): void {
  let definition: ServiceDefinition<Cfg, J, C, E>;
  try {
    definition = define();
  } catch (err) {
    exitOnConfigError(err);
  }
  const log = createLogger(definition.name, definition.config.logLevel);
  guardProcess(log);
  if (process.argv.includes('--migrate')) {
    migrateOnly(definition, log).then(
      () => process.exit(0),
      (err: unknown) => {
        log.fatal({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }, `${definition.name} migrations failed`);
        process.exit(1);
      },
    );
    return;
  }
  // Before the database and servers open: the instrumentations patch what they load.
  const tracing = startTracing(definition.name);
  if (tracing) log.info({ endpoint: tracing.endpoint }, 'traces exported over OTLP');
  bootService(definition).then(
    (running) => {
      // Registered last, so closed after everything else: the spans of the shutdown go out too.
      if (tracing) running.lifecycle.onShutdown('tracing', () => tracing.shutdown(), { last: true });
      running.lifecycle.handleSignals();
      log.info({ url: running.url }, `${definition.name} ready`);
      // Node >= 22.10 with NODE_COMPILE_CACHE: what boot compiled is on disk now, not only at a clean
      // exit, so a restart after kill -9 or an OOM kill skips compiling it again (issue 22 §5).
      (nodeModule as { flushCompileCache?: () => void }).flushCompileCache?.();
    },
    (err: unknown) => {
      log.fatal({ err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }, `${definition.name} failed to start`);
      process.exit(1);
    },
  );
}

/**
 * `main.js --migrate`: this release's migrations, once, under the schema's lock, then exit (the
 * Kubernetes Job of each service; its replicas run with MIGRATIONS=wait).
 */
async function migrateOnly(definition: { name: string; config: BaseConfig; dataSource(url: string, poolMax: number): DataSource }, log: Logger): Promise<void> {
  // Two connections: the schema's lock and the migrations' own.
  const ds = definition.dataSource(definition.config.databaseUrl, MIGRATE_POOL_MAX);
  await ds.initialize();
  try {
    const ran = await migrateUnderLock(ds, serviceByName(definition.name).schema);
    log.info({ migrations: ran }, ran.length ? 'migrations applied' : 'no migration pending');
  } finally {
    await ds.destroy();
  }
}

/** A definition's parts with its modules merged in: each module started now and stopped at shutdown. */
async function withModules<J extends JobMap, C extends BaseContext, E>(
  parts: ServiceParts<J, C, E>,
  lifecycle: Lifecycle,
): Promise<ServiceParts<J, C, E> & { resolvers: Readonly<Record<string, object>> }> {
  const modules = parts.modules ?? [];
  const composed = composeModules(modules);
  for (const m of modules) {
    if (m.start) await m.start();
    if (m.stop) lifecycle.onShutdown(`module ${m.name}`, m.stop);
  }
  return {
    ...parts,
    resolvers: mergeResolverMaps(composed.resolvers, parts.resolvers ?? {}),
    routes: (app) => {
      composed.routes(app);
      parts.routes?.(app);
    },
    consumers: [...composed.consumers, ...(parts.consumers ?? [])],
    jobHandlers: { ...composed.jobHandlers, ...parts.jobHandlers },
    jobSchedules: [...composed.jobSchedules, ...(parts.jobSchedules ?? [])],
    readiness: { ...composed.readiness, ...parts.readiness },
  } as ServiceParts<J, C, E> & { resolvers: Readonly<Record<string, object>> };
}

function mergeResolverMaps(a: Record<string, Record<string, unknown>>, b: Readonly<Record<string, object>>): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = { ...a };
  for (const [type, fields] of Object.entries(b)) {
    for (const field of Object.keys(fields)) if (out[type] && field in out[type]) throw new Error(`${type}.${field} is resolved twice`);
    out[type] = { ...out[type], ...(fields as Record<string, unknown>) };
  }
  return out;
}
