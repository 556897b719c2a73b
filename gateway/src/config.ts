import {
  ConfigError,
  DEFAULT_PUBLIC_URL,
  DEFAULT_SHUTDOWN_DELAY_MS,
  defaultSubgraphList,
  exitOnConfigError,
  frozenConfig,
  parseEnv,
  parsedVariable,
  publicUrlVariable,
  readPem,
  redisKeyPrefixVariable,
  SERVICE_REGISTRY,
  shutdownDelayMs,
  shutdownDelayVariable,
  type DeepReadonly,
} from '@lbf/service-kit';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { proxyTrust } from './shared/client-ip';

export interface SubgraphEndpoint {
  name: string;
  url: string;
}

/**
 * What starts a gateway: the parts without a default, and any default overridden. `fromEnv` reads
 * them from the environment; tests give them directly. `gatewayConfig` fills in every default
 * (GATEWAY_DEFAULTS) once, into the read-only `ResolvedGatewayConfig` the rooms read.
 */
export interface GatewayConfig {
  port: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  host?: string;
  /**
   * With IntrospectAndCompose these are the subgraphs composed at start; with a static supergraph
   * they override, by name, the URLs written into it (the composed file carries the default ports).
   */
  subgraphs: readonly SubgraphEndpoint[];
  /** PEM of identity's public key, which verifies access tokens. */
  authPublicKey: string;
  redisUrl: string;
  /** Sent as x-lbf-gateway-secret on every upstream request; subgraphs refuse requests without it. */
  subgraphSecret: string;
  /**
   * Addresses or CIDR ranges of the proxies (ingress, load balancer) whose X-Forwarded-For is
   * believed. None by default: the gateway is the edge in `npm start` and docker compose, and a
   * proxy in front is a deployment fact to declare, not to guess (any private address could be an
   * attacker's pod or a neighbour on the network).
   */
  trustedProxies?: readonly string[];
  /** REDIS_KEY_PREFIX: the deployment's, under which identity writes token revocations; 'lbf' by default. */
  redisKeyPrefix?: string;
  production: boolean;
  /** Folder of the built web app; null or missing serves a page that says it is not built. */
  webDist?: string | null;
  /**
   * The server-rendering bundle (web/dist-ssr/entry-server.cjs, built with the web app): public
   * pages are rendered in the gateway as a visitor. Null or missing: every page gets the app shell.
   */
  ssrBundle?: string | null;
  /** How long a server-rendered page is reused; 30 s by default, 0 renders every request. */
  ssrCacheTtlMs?: number;
  /**
   * The web app's registered operations (issue 24 point 6): Apollo's persisted-query manifest,
   * web/dist-manifest/persisted-query-manifest.json, written by the web build. Null: none registered.
   */
  trustedDocumentsFile?: string | null;
  /**
   * Browsers may send only registered documents, by hash (graphql/trusted-documents.ts); API keys
   * send any. TRUSTED_DOCUMENTS_ONLY; on in production (`fromEnv`), off otherwise.
   */
  trustedDocumentsOnly?: boolean;
  /** A server render taking longer is abandoned for the app shell; 3 s by default. */
  ssrTimeoutMs?: number;
  /**
   * The site's one address (PUBLIC_URL): canonical and Open Graph links, sitemap, robots.txt, the
   * address the gateway says it serves, and where a page request made on another host name of this
   * server is redirected (web/canonical-host.ts). Null (tests only): the request's own host, no redirect.
   */
  publicUrl?: string | null;
  /** A supergraph composed at build time (`npm run compose`); absent: IntrospectAndCompose. */
  supergraphSdl?: string | null;
  /** pino level; LOG_LEVEL, else info, by default. */
  logLevel?: string;
  /** Deepest selection nesting an operation may have; 12 by default. */
  maxDepth?: number;
  /** Highest estimated cost an operation may have (see graphql/guards.ts); 5000 by default. */
  maxCost?: number;
  /** Largest JSON body (and WebSocket message) accepted; '100kb' by default. */
  bodyLimit?: string;
  /** How often open authenticated WebSockets are checked against revocations; 2 s by default. */
  revocationCheckMs?: number;
  /** WebSockets one client IP may hold at once; 20 by default. */
  maxSocketsPerIp?: number;
  /** Payment notifications (/payments/notify/*) one client IP may send per minute; 120 by default. */
  notifyPerMinutePerIp?: number;
  /** Subscriptions one WebSocket may hold at once; 10 by default. */
  maxSubscriptionsPerSocket?: number;
  /** Answer accepted single-fetch operations by sending the plan's fetch directly (graphql/single-fetch.ts); default on. Off only to compare with the normal path. */
  singleFetchPassthrough?: boolean;
  /** How often IntrospectAndCompose re-reads the subgraphs' SDL; 10 s by default, 0 turns it off. */
  pollIntervalMs?: number;
  /**
   * Port of the operators' listener serving /metrics (Prometheus), never the public one; null (the
   * default) serves none. METRICS_PORT; 9464 in the Kubernetes manifests.
   */
  metricsPort?: number | null;
  /** Interface of that listener; 127.0.0.1 by default (0.0.0.0 in a pod, where Prometheus scrapes it). */
  metricsHost?: string;
  /**
   * After SIGTERM, how long /ready answers 503 while the gateway still serves, before it closes
   * (SHUTDOWN_DELAY_MS, read as the services read it: 5 s in production, 250 ms elsewhere).
   */
  shutdownDelayMs?: number;
}


/** The parts of the configuration with a default. */
type Defaulted = Required<Omit<GatewayConfig, 'port' | 'subgraphs' | 'authPublicKey' | 'redisUrl' | 'subgraphSecret' | 'production'>>;

/** Every default of the gateway's configuration, in one place (the environment's schema reads them too). */
export const GATEWAY_DEFAULTS: Readonly<Omit<Defaulted, 'logLevel'>> & { port: number } = {
  port: 4000,
  host: '127.0.0.1',
  trustedProxies: [],
  redisKeyPrefix: 'lbf',
  webDist: null,
  ssrBundle: null,
  ssrCacheTtlMs: 30_000,
  trustedDocumentsFile: null,
  trustedDocumentsOnly: false,
  ssrTimeoutMs: 3_000,
  publicUrl: null,
  supergraphSdl: null,
  maxDepth: 12,
  maxCost: 5000,
  bodyLimit: '100kb',
  revocationCheckMs: 2000,
  maxSocketsPerIp: 20,
  notifyPerMinutePerIp: 120,
  maxSubscriptionsPerSocket: 10,
  singleFetchPassthrough: true,
  pollIntervalMs: 10_000,
  metricsPort: null,
  metricsHost: '127.0.0.1',
  shutdownDelayMs: DEFAULT_SHUTDOWN_DELAY_MS.other,
};

/** The configuration the rooms read: every field present, frozen. */
export type ResolvedGatewayConfig = DeepReadonly<Required<GatewayConfig>>;

/** Fills in every default once (a field given as undefined takes its default) and freezes the result. */
export function gatewayConfig(given: GatewayConfig | ResolvedGatewayConfig): ResolvedGatewayConfig {
  const set = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined)) as GatewayConfig;
  return frozenConfig({
    ...GATEWAY_DEFAULTS,
    // The kit logger's own default, read when the configuration is made.
    logLevel: process.env.LOG_LEVEL ?? 'info',
    ...set,
    // Copies: freezing must not reach the caller's objects.
    subgraphs: given.subgraphs.map((s) => ({ name: s.name, url: s.url })),
    trustedProxies: [...(set.trustedProxies ?? GATEWAY_DEFAULTS.trustedProxies)],
  });
}

/** Ports every service listens on by default, from the service registry (services/kit/services.json). */
export const DEFAULT_SUBGRAPH_PORTS: Readonly<Record<string, number>> = Object.fromEntries(SERVICE_REGISTRY.map((s) => [s.name, s.port]));

/** Every registered service on loopback at its default port. */
export const DEFAULT_SUBGRAPHS = defaultSubgraphList();

/** The repository root, from gateway/src or gateway/dist alike. */
export const REPO_ROOT = join(__dirname, '..', '..');
export const DEFAULT_SUPERGRAPH_FILE = join(__dirname, '..', 'dist', 'supergraph.graphql');
/** Where the web build writes the persisted-query manifest (issue 24 point 6). */
export const DEFAULT_TRUSTED_DOCUMENTS = join(REPO_ROOT, 'web', 'dist-manifest', 'persisted-query-manifest.json');

/** Parses "identity=http://127.0.0.1:4101/graphql,analytics=http://…" into named endpoints. */
export function parseSubgraphList(value: string): SubgraphEndpoint[] {
  const list = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      if (eq <= 0) throw new Error(`"${part}" is not name=url`);
      const name = part.slice(0, eq).trim();
      const url = part.slice(eq + 1).trim();
      if (!/^[a-z][a-z0-9_-]*$/.test(name)) throw new Error(`"${name}" is not a subgraph name`);
      const parsed = new URL(url);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${url} is not an http(s) URL`);
      return { name, url };
    });
  const names = new Set(list.map((s) => s.name));
  if (names.size !== list.length) throw new Error('a subgraph is named twice');
  if (!list.length) throw new Error('no subgraph');
  return list;
}

const subgraphList = parsedVariable(parseSubgraphList);

const pem = parsedVariable(readPem);

export const gatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PORT: z.coerce.number().int().min(0).max(65535).default(GATEWAY_DEFAULTS.port),
  HOST: z.string().min(1).optional(),
  SUBGRAPHS: subgraphList.default(parseSubgraphList(DEFAULT_SUBGRAPHS)),
  /** PEM of the public key that verifies access tokens, or a path to it. */
  AUTH_PUBLIC_KEY: z.string().min(1, 'required: PEM text or a file path').pipe(pem),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** The credential the subgraphs check (`npm start` generates one in .data/keys). */
  TRUSTED_PROXIES: z
    .string()
    .default('')
    .transform((value) => value.split(',').map((s) => s.trim()).filter(Boolean))
    .refine((list) => {
      try {
        proxyTrust(list);
        return true;
      } catch {
        return false;
      }
    }, 'comma-separated IP addresses or CIDR ranges'),
  SUBGRAPH_SECRET: z.string().min(16, 'required: at least 16 characters, shared with the subgraphs'),
  REDIS_KEY_PREFIX: redisKeyPrefixVariable,
  WEB_DIST: z.string().min(1).optional(),
  /** The server-rendering bundle; default web/dist-ssr/entry-server.cjs when built; 'off' disables it. */
  SSR_BUNDLE: z.string().min(1).optional(),
  /** The persisted-query manifest; default web/dist-manifest/persisted-query-manifest.json when built. */
  TRUSTED_DOCUMENTS: z.string().min(1).optional(),
  /** on: browsers send only registered documents, by hash; on in production by default. */
  TRUSTED_DOCUMENTS_ONLY: z.enum(['on', 'off']).optional(),
  SSR_CACHE_TTL_MS: z.coerce.number().int().min(0).default(GATEWAY_DEFAULTS.ssrCacheTtlMs),
  SSR_TIMEOUT_MS: z.coerce.number().int().min(100).default(GATEWAY_DEFAULTS.ssrTimeoutMs),
  SUPERGRAPH_FILE: z.string().min(1).optional(),
  MAX_DEPTH: z.coerce.number().int().min(1).max(100).default(GATEWAY_DEFAULTS.maxDepth),
  MAX_COST: z.coerce.number().int().min(1).default(GATEWAY_DEFAULTS.maxCost),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)?$/i, 'e.g. 100kb').default(GATEWAY_DEFAULTS.bodyLimit),
  SUPERGRAPH_POLL_MS: z.coerce.number().int().min(0).default(GATEWAY_DEFAULTS.pollIntervalMs),
  MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(GATEWAY_DEFAULTS.maxSocketsPerIp),
  NOTIFY_PER_MINUTE_PER_IP: z.coerce.number().int().min(1).default(GATEWAY_DEFAULTS.notifyPerMinutePerIp),
  MAX_SUBSCRIPTIONS_PER_SOCKET: z.coerce.number().int().min(1).default(GATEWAY_DEFAULTS.maxSubscriptionsPerSocket),
  /**
   * The site's one address, the same the services use (links in mails, NotchPay's return page);
   * DEFAULT_PUBLIC_URL in development, required in production (a default there would send every
   * visitor to localhost).
   */
  PUBLIC_URL: publicUrlVariable.optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  SHUTDOWN_DELAY_MS: shutdownDelayVariable,
});

/**
 * Reads the environment once; every bad variable is named and the process exits 1. Production
 * serves the supergraph composed at build time (SUPERGRAPH_FILE, else gateway/dist/supergraph.graphql);
 * development composes the running subgraphs unless SUPERGRAPH_FILE is set.
 */
export function fromEnv(source: NodeJS.ProcessEnv = process.env): ResolvedGatewayConfig {
  const env = parseEnv(gatewayEnv, source);
  const production = env.NODE_ENV === 'production';
  if (production && !env.PUBLIC_URL) exitOnConfigError(new ConfigError(["PUBLIC_URL: required in production (the site's address, e.g. https://lbf.example)"]));
  const supergraphFile = env.SUPERGRAPH_FILE ?? (production ? DEFAULT_SUPERGRAPH_FILE : undefined);
  if (supergraphFile && !existsSync(supergraphFile)) {
    process.stderr.write(`Invalid environment:\n  SUPERGRAPH_FILE: no file at ${supergraphFile} (run \`npm run compose -w @lbf/gateway\`)\n`);
    process.exit(1);
  }
  const defaultWebDist = join(REPO_ROOT, 'web', 'dist');
  const defaultSsrBundle = join(REPO_ROOT, 'web', 'dist-ssr', 'entry-server.cjs');
  const ssrBundle = env.SSR_BUNDLE === 'off' ? null : (env.SSR_BUNDLE ?? (existsSync(defaultSsrBundle) ? defaultSsrBundle : null));
  const trustedDocumentsOnly = env.TRUSTED_DOCUMENTS_ONLY ? env.TRUSTED_DOCUMENTS_ONLY === 'on' : production;
  const trustedDocumentsFile = env.TRUSTED_DOCUMENTS ?? (existsSync(DEFAULT_TRUSTED_DOCUMENTS) ? DEFAULT_TRUSTED_DOCUMENTS : null);
  if (trustedDocumentsOnly && (!trustedDocumentsFile || !existsSync(trustedDocumentsFile))) {
    exitOnConfigError(new ConfigError([`TRUSTED_DOCUMENTS: no manifest at ${trustedDocumentsFile ?? DEFAULT_TRUSTED_DOCUMENTS} (run \`npm run build -w @lbf/web\`), and browsers may send only registered documents (TRUSTED_DOCUMENTS_ONLY)`]));
  }
  return gatewayConfig({
    port: env.PORT,
    host: env.HOST,
    subgraphs: env.SUBGRAPHS,
    authPublicKey: env.AUTH_PUBLIC_KEY,
    redisUrl: env.REDIS_URL,
    subgraphSecret: env.SUBGRAPH_SECRET,
    trustedProxies: env.TRUSTED_PROXIES,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    production,
    webDist: env.WEB_DIST ?? (existsSync(defaultWebDist) ? defaultWebDist : null),
    ssrBundle,
    ssrCacheTtlMs: env.SSR_CACHE_TTL_MS,
    trustedDocumentsFile,
    trustedDocumentsOnly,
    ssrTimeoutMs: env.SSR_TIMEOUT_MS,
    supergraphSdl: supergraphFile ? readFileSync(supergraphFile, 'utf8') : null,
    logLevel: env.LOG_LEVEL,
    maxDepth: env.MAX_DEPTH,
    maxCost: env.MAX_COST,
    bodyLimit: env.BODY_LIMIT,
    pollIntervalMs: env.SUPERGRAPH_POLL_MS,
    maxSocketsPerIp: env.MAX_SOCKETS_PER_IP,
    notifyPerMinutePerIp: env.NOTIFY_PER_MINUTE_PER_IP,
    maxSubscriptionsPerSocket: env.MAX_SUBSCRIPTIONS_PER_SOCKET,
    publicUrl: env.PUBLIC_URL ?? DEFAULT_PUBLIC_URL,
    metricsPort: env.METRICS_PORT,
    metricsHost: env.METRICS_HOST,
    shutdownDelayMs: shutdownDelayMs(env.SHUTDOWN_DELAY_MS, production),
  });
}

/** '100kb' -> 102400; the WebSocket server takes bytes where Express takes the string. */
export function parseByteSize(value: string): number {
  const m = /^(\d+)\s*(b|kb|mb)?$/i.exec(value.trim());
  if (!m) throw new Error(`Not a size: ${value}`);
  const unit = (m[2] ?? 'b').toLowerCase();
  return Number(m[1]) * (unit === 'mb' ? 1024 * 1024 : unit === 'kb' ? 1024 : 1);
}
