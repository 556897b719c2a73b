import { AccessTokenVerifier, createLogger, createMetrics, Redis, SUBGRAPH_KEEP_ALIVE_MS, type Logger } from '@lbf/service-kit';
import compression from 'compression';
import express from 'express';
import { createServer, type Server } from 'node:http';
import { gatewayConfig, type GatewayConfig, type ResolvedGatewayConfig } from './config';
import { createGraphqlApi, type GraphqlApi } from './graphql/api';
import { apiKeyExchange, type ApiKeyExchange } from './graphql/api-keys';
import { redisCostBudget } from './graphql/integration-budget';
import { requestContext } from './graphql/context';
import { errorHandler, notFound } from './graphql/http-errors';
import { listenMetrics } from './metrics-listener';
import { mountProbes } from './probes';
import { mountRelays } from './relays';
import { closeHttpServer, listen } from './shared/http-server';
import { proxyTrust, type ProxyTrust } from './shared/client-ip';
import type { ServerRender } from './ssr/server-render';
import { startSubscriptionGateway, subscriptionLimits } from './subscriptions/subscription-gateway';
import { apiDocsRouter } from './api-docs/route';
import { securityHeaders, type SecurityHeaders } from './web/security-headers';
import { createPageRender, mountSite, pagesForgetter } from './web/site';

export interface RunningGateway {
  /** The API where this process listens (http://127.0.0.1:<port>/graphql): the address tests and tools call. */
  url: string;
  /**
   * The site's one address, ending in '/': PUBLIC_URL when configured (the pages on any other host
   * name are redirected there), else the listening address.
   */
  siteUrl: string;
  wsUrl: string;
  port: number;
  /** Resolves once a supergraph is loaded (the subgraphs answered, or the static file was read). */
  ready: Promise<void>;
  /** How many requests the single-fetch passthrough answered, and handed to the normal path with its exchange. */
  singleFetchStats(): { answered: number; handedBack: number };
  /** The operators' /metrics listener (METRICS_PORT), or null when none is configured. */
  metricsUrl: string | null;
  /** Server rendering's counters (renders done, cache hits, app-shell fallbacks, invalidations); null when it is off. */
  ssrStats(): { renders: number; hits: number; fallbacks: number; invalidations: number } | null;
  stop(): Promise<void>;
}

/** What the rooms share: the configuration, the log, Redis, who the client is, the API. */
interface Parts {
  config: ResolvedGatewayConfig;
  log: Logger;
  redis: Redis;
  trust: ProxyTrust;
  headers: SecurityHeaders;
  api: GraphqlApi;
  pages: ServerRender | null;
  draining: () => boolean;
}

/** Commands fail after a few retries instead of queueing forever: a request must not hang on Redis. */
function gatewayRedis(config: ResolvedGatewayConfig, log: Logger): Redis {
  const redis = new Redis(config.redisUrl, { connectionName: 'gateway', maxRetriesPerRequest: 2 });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  return redis;
}

/**
 * The Express rooms, in order: security headers, the relays (before compression and any body
 * parser), the probes, /graphql, then the site (pages, files, robots.txt, sitemap), 404 and errors.
 */
function expressApp({ config, log, redis, trust, headers, api, pages, draining }: Parts): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // res.send would hash every GraphQL answer (SHA-1) for an ETag no POST is ever revalidated with;
  // the web app's files get theirs from express.static.
  app.set('etag', false);
  // Only the configured proxies (TRUSTED_PROXIES) may name the client; by default nobody may.
  app.set('trust proxy', (address: string) => trust(address));
  app.use(headers.middleware);
  mountRelays(app, config.subgraphs, { secret: config.subgraphSecret, redis, redisKeyPrefix: config.redisKeyPrefix, notifyPerMinutePerIp: config.notifyPerMinutePerIp, log });
  app.use(compression());
  mountProbes(app, redis, () => api.schema() !== null, draining);
  app.use('/graphql', ...api.route);
  // The public schema as SDL and its documentation page (issue 24), before the site's pages.
  app.use(apiDocsRouter(() => api.schema()?.supergraphSdl ?? null, { maxCost: config.maxCost, maxDepth: config.maxDepth }));
  mountSite(app, config, pages, { execute: () => (api.schema() ? api.executeAsVisitor : null), log });
  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}

/** The API keys' exchange with identity (issue 24); none when identity is not among the subgraphs. */
function integrationKeys(config: ResolvedGatewayConfig, verifier: AccessTokenVerifier): ApiKeyExchange | undefined {
  const identity = config.subgraphs.find((s) => s.name === 'identity');
  return identity ? apiKeyExchange({ identityUrl: identity.url, subgraphSecret: config.subgraphSecret, verifier }) : undefined;
}

/** Where tools reach this process (a wildcard interface is reached on loopback), and the site's one address. */
function addresses(config: ResolvedGatewayConfig, port: number): { host: string; siteUrl: string } {
  const host = config.host !== '0.0.0.0' && config.host !== '::' ? config.host : '127.0.0.1';
  return { host, siteUrl: config.publicUrl ? `${new URL(config.publicUrl).origin}/` : `http://${host}:${port}/` };
}

/**
 * The one origin of the site: the federated GraphQL API (HTTP and graphql-ws on /graphql), the
 * relays, the built web app with its server-rendered pages, and the probes. See README.md.
 * `options.draining`: true once the process drains before stopping (main.ts's Lifecycle): /ready
 * answers 503 and every answer closes its connection, while requests are still served.
 */
export async function startGateway(given: GatewayConfig, options: { draining?: () => boolean } = {}): Promise<RunningGateway> {
  const config = gatewayConfig(given);
  const log = createLogger('gateway', config.logLevel);
  const stopping = new AbortController();
  const redis = gatewayRedis(config, log);
  const verifier = new AccessTokenVerifier(config.authPublicKey, redis, config.redisKeyPrefix);
  const trust = proxyTrust(config.trustedProxies);
  const metrics = createMetrics('gateway');
  const api = createGraphqlApi(config, log, stopping.signal, metrics, redisCostBudget(redis, config.redisKeyPrefix));
  const pages = createPageRender(config, log, () => (api.schema() ? api.executeAsVisitor : null));
  const draining = options.draining ?? (() => false);
  const parts: Parts = { config, log, redis, trust, headers: securityHeaders(config), api, pages, draining };
  const app = expressApp(parts);

  // POST /graphql with JSON, the API's hot path, is answered before Express (graphql/graphql-http.ts).
  const httpServer = createServer((req, res) => {
    // Draining: the client's next request opens a new connection, which the load balancer gives to a replica that stays.
    if (draining()) res.shouldKeepAlive = false;
    if (api.hotPath(req, res)) return;
    app(req, res);
  });
  const subscriptions = startSubscriptionGateway({
    httpServer,
    path: '/graphql',
    verifier,
    log,
    redis,
    trust,
    schema: () => api.schema(),
    subgraphUrl: (name) => api.supergraph.subgraphUrl(name),
    registered: api.trusted.only ? (document) => api.trusted.registeredDocument(document) : null,
    ...subscriptionLimits(config),
  });

  // What sits in front (a load balancer, an ingress, a client's pool) keeps an idle connection for up
  // to a minute: the gateway keeps it longer, as subgraphs do towards it, so it never closes a socket
  // at the instant a request is sent on it (Node's 5 s default: "fetch failed" under load, scale-out test).
  httpServer.keepAliveTimeout = SUBGRAPH_KEEP_ALIVE_MS;
  httpServer.headersTimeout = SUBGRAPH_KEEP_ALIVE_MS + 1_000;
  metrics.observeHttp(httpServer);
  const port = await listen(httpServer, config.port, config.host);
  const metricsServer = await listenMetrics(config, metrics, log);
  const { host, siteUrl } = addresses(config, port);

  const started = api.start(requestContext(verifier, pagesForgetter(pages), integrationKeys(config, verifier)), trust, parts.headers.page).then(() => log.info({ port, site: siteUrl }, 'gateway ready'));
  const ready = started.catch((err: unknown) => {
    if (!stopping.signal.aborted) log.error({ err }, 'gateway failed to start');
    throw err;
  });
  // The caller may never await `ready` (main.ts only logs); a failed start is logged above.
  ready.catch(() => undefined);
  log.info({ port, site: siteUrl, supergraph: config.supergraphSdl ? 'static' : 'introspect-and-compose' }, 'gateway listening');

  let stopped: Promise<void> | null = null;
  return {
    url: `http://${host}:${port}/graphql`,
    wsUrl: `ws://${host}:${port}/graphql`,
    siteUrl,
    port,
    ready,
    metricsUrl: metricsServer ? `http://${config.metricsHost === '0.0.0.0' ? '127.0.0.1' : config.metricsHost}:${metricsServer.port}/metrics` : null,
    singleFetchStats: () => ({ ...api.singleFetches.stats }),
    ssrStats: () => pages?.stats() ?? null,
    stop() {
      stopped ??= stopGateway({ stopping, subscriptions, httpServer, started, api, redis, log }).then(() => metricsServer?.close());
      return stopped;
    },
  };
}

async function stopGateway(o: {
  stopping: AbortController;
  subscriptions: { dispose(): Promise<void> };
  httpServer: Server;
  started: Promise<void>;
  api: GraphqlApi;
  redis: Redis;
  log: Logger;
}): Promise<void> {
  // Subscriptions first (closed with 1001, « going away »: clients reconnect, to another replica),
  // then the requests in flight finish, their subgraph fetches included, before the upstream sockets go.
  await o.subscriptions.dispose().catch((err: unknown) => o.log.warn({ err: String(err) }, 'closing subscriptions failed'));
  await closeHttpServer(o.httpServer);
  o.stopping.abort();
  const startedOk = await o.started.then(
    () => true,
    () => false,
  );
  if (startedOk) await o.api.apollo.stop();
  await o.redis.quit().catch(() => o.redis.disconnect());
}
