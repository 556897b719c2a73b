import { z } from 'zod';
import { DEFAULT_SITE_TIMEZONE } from './csv';
import { readPem } from './keys';
import { serviceByName } from './registry';

/**
 * Every problem found in the environment, named one per line. Thrown instead of exiting so that a
 * test can check a bad configuration; a process's main prints it and exits 1 (see runService).
 */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once against a zod schema; throws a ConfigError naming every bad variable. */
export function parseConfig<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.infer<T> {
  const result = schema.safeParse(source);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`));
}

/** Prints a ConfigError's list and exits 1, so a misconfigured process never half-starts; rethrows anything else. */
export function exitOnConfigError(err: unknown): never {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

/** parseConfig for processes that are not services (the gateway, command-line tools): a bad variable ends the process. */
export function parseEnv<T extends z.ZodType>(schema: T, source: NodeJS.ProcessEnv = process.env): z.infer<T> {
  try {
    return parseConfig(schema, source);
  } catch (err) {
    return exitOnConfigError(err);
  }
}

/** A variable `parse` reads: what it throws is the variable's named configuration problem, not a crash. */
export function parsedVariable<T>(parse: (value: string) => T, text: z.ZodString = z.string()) {
  return text.transform((value, ctx) => {
    try {
      return parse(value);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });
}

/** A PEM given as text or as a path. */
export const pemVariable = parsedVariable(readPem, z.string().min(1, 'required: PEM text or a file path'));

/**
 * The site's one address when PUBLIC_URL is not set (development): what `npm start` prints, the
 * origin of every link in a mail, NotchPay's return page, the canonical URLs, and where the gateway
 * sends a page request made on another name of the server (127.0.0.1, the machine's IP).
 */
export const DEFAULT_PUBLIC_URL = 'http://localhost:4000';

/** PUBLIC_URL, read the same way by every process: an http(s) origin, trailing slashes dropped. */
export const publicUrlVariable = z
  .url({ protocol: /^https?$/, error: 'an http(s) URL, e.g. https://lbf.example' })
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * Connections a service process may hold to Postgres (its TypeORM/pg pool) unless DB_POOL_MAX says
 * otherwise. What a deployment sets per service is in deploy/k8s/base/sizing.yaml, where the pools
 * at the autoscalers' maximum are checked against Postgres' connection budget.
 */
export const DEFAULT_DB_POOL_MAX = 10;

/**
 * How long a process keeps serving after SIGTERM while its /ready answers 503, so that the load
 * balancer in front (a Kubernetes Service's endpoints, HAProxy's health checks) stops sending it
 * requests before its port closes: 5 s in production, 250 ms elsewhere (`npm start`, tests) unless
 * SHUTDOWN_DELAY_MS says otherwise. Read the same way by the services and the gateway.
 */
export const DEFAULT_SHUTDOWN_DELAY_MS = { production: 5000, other: 250 } as const;

/** SHUTDOWN_DELAY_MS: milliseconds, 0 to 60000; unset gives DEFAULT_SHUTDOWN_DELAY_MS by mode. */
export const shutdownDelayVariable = z.coerce.number().int().min(0).max(60_000).optional();

/** The pause after SIGTERM for a process in this mode, from SHUTDOWN_DELAY_MS when set. */
export function shutdownDelayMs(given: number | undefined, production: boolean): number {
  return given ?? (production ? DEFAULT_SHUTDOWN_DELAY_MS.production : DEFAULT_SHUTDOWN_DELAY_MS.other);
}

/** Prefix of a service's Redis keys (queues, rate limits, revocations); tests use a random one. */
export const redisKeyPrefixVariable = z.string().regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, _ and - only').default('lbf');

/** An IANA zone name that this Node.js knows (e.g. Africa/Douala). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Variables every service reads, parsed the same way everywhere; a service extends this with its
 * own (`baseEnv.extend({...})`). PORT defaults to the service's port in the registry.
 */
export const baseEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface to listen on: loopback by default, 0.0.0.0 in containers. */
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/lbf'),
  /** The most connections this process holds to Postgres (its pool); replicas × this is what a deployment budgets. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DEFAULT_DB_POOL_MAX),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  REDIS_KEY_PREFIX: redisKeyPrefixVariable,
  EVENT_STREAM: z.string().regex(/^[A-Za-z0-9_-]+$/).default('LBF'),
  EVENT_PREFIX: z.string().regex(/^[a-z0-9_]+$/).default('lbf'),
  /** PEM of the public key that verifies access tokens, or a path to it. */
  AUTH_PUBLIC_KEY: pemVariable,
  /**
   * The gateway's credential: a subgraph answers only requests that carry it (header
   * x-lbf-gateway-secret). Required everywhere, development included: `npm start` and the tests
   * generate one, so a subgraph is never open by accident.
   */
  SUBGRAPH_SECRET: z.string().min(16, 'required: at least 16 random characters (the gateway sends the same)'),
  /** The site's time zone: analytics' "today", and the dates of every CSV export. */
  SITE_TIMEZONE: z.string().refine(isTimeZone, 'not an IANA time zone').default(DEFAULT_SITE_TIMEZONE),
  /**
   * `boot`: the service applies its pending migrations at start, under the schema's lock (one
   * machine, compose, tests). `wait`: a release's migrations are run once by its own command
   * (`node services/<name>/dist/main.js --migrate`, the Kubernetes Jobs of deploy/k8s/base), and a
   * replica waits at start until the schema has them, up to MIGRATION_WAIT_SECONDS.
   */
  MIGRATIONS: z.enum(['boot', 'wait']).default('boot'),
  MIGRATION_WAIT_SECONDS: z.coerce.number().int().min(1).default(300),
  SHUTDOWN_DELAY_MS: shutdownDelayVariable,
});

export type BaseEnv = z.infer<typeof baseEnv>;

/** What bootService needs of every service's configuration; each service's config extends it. */
export interface BaseConfig {
  port: number;
  host?: string;
  databaseUrl: string;
  /** The most connections this process holds to Postgres (DB_POOL_MAX). */
  dbPoolMax: number;
  natsUrl: string;
  redisUrl: string;
  eventStream: string;
  eventPrefix: string;
  /** PEM of identity's public key, which verifies access tokens. */
  authPublicKey: string;
  production: boolean;
  logLevel: string;
  /** Prefix of this service's Redis keys; `lbf` unless a test isolates itself. */
  redisKeyPrefix: string;
  /**
   * The secret the gateway sends (header x-lbf-gateway-secret). `null` leaves the subgraph open to
   * any caller: only for in-process tests whose client cannot send it, and refused in production.
   */
  subgraphSecret: string | null;
  /** The site's IANA time zone (SITE_TIMEZONE, DEFAULT_SITE_TIMEZONE by default). */
  siteTimezone: string;
  /** Who applies migrations: this process at boot, or a release's own command while replicas wait (MIGRATIONS). */
  migrations: { mode: 'boot' | 'wait'; waitMs: number };
  /**
   * After SIGTERM: how long /ready answers 503 while the process still serves, before it drains
   * and closes (SHUTDOWN_DELAY_MS; 0 for a service booted inside a test process).
   */
  shutdownDelayMs: number;
}

/** Maps the parsed base variables to the base config; `service` names the registry entry for the default port. */
export function baseConfigFrom(service: string, e: BaseEnv): BaseConfig {
  return {
    port: e.PORT ?? serviceByName(service).port,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dbPoolMax: e.DB_POOL_MAX,
    natsUrl: e.NATS_URL,
    redisUrl: e.REDIS_URL,
    eventStream: e.EVENT_STREAM,
    eventPrefix: e.EVENT_PREFIX,
    authPublicKey: e.AUTH_PUBLIC_KEY,
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    subgraphSecret: e.SUBGRAPH_SECRET,
    siteTimezone: e.SITE_TIMEZONE,
    migrations: { mode: e.MIGRATIONS, waitMs: e.MIGRATION_WAIT_SECONDS * 1000 },
    shutdownDelayMs: shutdownDelayMs(e.SHUTDOWN_DELAY_MS, e.NODE_ENV === 'production'),
  };
}

/** The site's time zone of a service's configuration. */
export function siteTimezoneOf(config: Pick<BaseConfig, 'siteTimezone'>): string {
  return config.siteTimezone;
}

/**
 * The defaults of the base settings that a test (or fromEnv) may leave out, for a service's own
 * settings schema: `z.object({ ...baseSettingsDefaults, … })`, decided here once for every service.
 */
export const baseSettingsDefaults = {
  redisKeyPrefix: z.string().default('lbf'),
  siteTimezone: z.string().default(DEFAULT_SITE_TIMEZONE),
};
