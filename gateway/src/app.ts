import { mountRelays } from './relays';
import { mountSeo } from './seo';
import { ApolloGateway, IntrospectAndCompose, type SupergraphManager } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDisableSuggestions } from '@apollo/server/plugin/disableSuggestions';
import { expressMiddleware } from '@as-integrations/express5';
import { AccessTokenVerifier, bearerToken, createLogger, noVendorReporting, Redis, refuseVendorTelemetry, type Logger } from '@lbf/service-kit';
import compression from 'compression';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import helmet from 'helmet';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_BODY_LIMIT, DEFAULT_MAX_COST, DEFAULT_MAX_DEPTH, parseByteSize, type GatewayConfig } from './config';
import { proxyTrust } from './shared/client-ip';
import { forwardedHeaders } from './graphql/forward-headers';
import { graphqlHttpHandler } from './graphql/graphql-http';
import { inlineScriptHashes } from './web/inline-scripts';
import { costLimitPlugin, depthLimitRule } from './graphql/guards';
import { SUBGRAPH_SECRET_HEADER } from './shared/subgraph-credential';
import { SingleFetchCache } from './graphql/single-fetch';
import { SubgraphDataSource, subgraphFetcher, type GatewayContext } from './graphql/subgraph-data-source';
import { startSubscriptionGateway, type LoadedSchema } from './subscriptions/subscription-gateway';
import { subscriptionRouting } from './schema/supergraph';
import { createServerRender, type ExecuteRequest, type ExecuteResult } from './ssr/server-render';
import { mountWebApp } from './web/web-app';
import { canonicalHost } from './web/canonical-host';

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
  /** Server rendering's counters (renders done, cache hits, app-shell fallbacks, invalidations); null when it is off. */
  ssrStats(): { renders: number; hits: number; fallbacks: number; invalidations: number } | null;
  stop(): Promise<void>;
}

const GENERIC_ERROR = "Une erreur inattendue s'est produite.";
const SUBGRAPH_TIMEOUT_MS = 30_000;

/** @apollo/utils.logger's shape over pino; `errorsAs` picks the level its errors are logged at. */
function apolloLogger(log: Logger, errorsAs: () => 'error' | 'warn' | 'debug' = () => 'error') {
  return {
    debug: (message?: unknown) => log.debug(String(message)),
    info: (message?: unknown) => log.info(String(message)),
    warn: (message?: unknown) => log.warn(String(message)),
    error: (message?: unknown) => log[errorsAs()](String(message)),
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * IntrospectAndCompose gives up when a subgraph does not answer its first introspection; in
 * development the gateway often starts before the subgraphs, so keep trying until they are up
 * (or the gateway is stopped). /health answers meanwhile and /ready stays 503.
 */
class RetryUntilComposed implements SupergraphManager {
  constructor(
    private readonly inner: IntrospectAndCompose,
    private readonly log: Logger,
    private readonly signal: AbortSignal,
  ) {}

  async initialize(options: Parameters<SupergraphManager['initialize']>[0]) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.inner.initialize(options);
      } catch (err) {
        if (this.signal.aborted) throw new Error('gateway stopped before the supergraph was composed');
        if (attempt === 1 || attempt % 10 === 0) {
          this.log.warn({ attempt, err: err instanceof Error ? err.message : String(err) }, 'subgraphs not composable yet; retrying');
        }
        await sleep(Math.min(250 * attempt, 2000), this.signal);
        if (this.signal.aborted) throw new Error('gateway stopped before the supergraph was composed');
      }
    }
  }
}

function closeHttpServer(server: Server, graceMs = 5000): Promise<void> {
  if (!server.listening) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * The one origin of the site: the federated GraphQL API (HTTP and graphql-ws on /graphql), the
 * built web app with its client-side routes, and the probes. See DESIGN.md "Gateway".
 */
export async function startGateway(config: GatewayConfig): Promise<RunningGateway> {
  const log = createLogger('gateway', config.logLevel);
  const production = config.production;
  const maxDepth = config.maxDepth ?? DEFAULT_MAX_DEPTH;
  const maxCost = config.maxCost ?? DEFAULT_MAX_COST;
  const bodyLimit = config.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const stopping = new AbortController();

  // Commands fail after a few retries instead of queueing forever: a request must not hang on Redis.
  const redis = new Redis(config.redisUrl, { connectionName: 'gateway', maxRetriesPerRequest: 2 });
  redis.on('error', (err) => log.warn({ err: err.message }, 'redis error'));
  const verifier = new AccessTokenVerifier(config.authPublicKey, redis, config.redisKeyPrefix ?? 'lbf');

  const configuredUrls = new Map(config.subgraphs.map((s) => [s.name, s.url]));
  // One fetcher for every data source and the single-fetch passthrough: same credential, sockets, deadline.
  const fetcher = subgraphFetcher(SUBGRAPH_TIMEOUT_MS, config.subgraphSecret, stopping.signal);
  const serviceUrls = new Map<string, string>();
  const singleFetches = new SingleFetchCache();
  let loaded: (LoadedSchema & { supergraphSdl: string }) | null = null;
  let apolloStarted = false;

  // Before the gateway exists: its constructor decides on Apollo's telemetry from the environment.
  refuseVendorTelemetry();
  const gateway = new ApolloGateway({
    logger: apolloLogger(log),
    supergraphSdl: config.supergraphSdl
      ? config.supergraphSdl
      : new RetryUntilComposed(
          new IntrospectAndCompose({
            subgraphs: config.subgraphs,
            pollIntervalInMs: config.pollIntervalMs ?? 10_000,
            introspectionHeaders: { [SUBGRAPH_SECRET_HEADER]: config.subgraphSecret },
            // Until the first composition each failed attempt is expected (RetryUntilComposed reports
            // them sparingly); afterwards a failed poll means a subgraph went away or broke its schema.
            logger: apolloLogger(log, () => (loaded ? 'warn' : 'debug')),
          }),
          log,
          stopping.signal,
        ),
    // A composed file carries the default ports; the runtime's SUBGRAPHS wins by name.
    buildService: ({ name, url }) => {
      const target = configuredUrls.get(name) ?? url;
      if (target) serviceUrls.set(name, target);
      return new SubgraphDataSource({ url: target, fetcher });
    },
    // Every plan the normal path runs passed validation and the cost check: remember single fetches.
    experimental_didResolveQueryPlan: ({ queryPlan, requestContext }) => {
      const { request, document, operation, schema } = requestContext;
      if (document && operation) singleFetches.planned({ query: request.query, operationName: request.operationName, variables: request.variables, schema, document, operation, plan: queryPlan });
    },
  });
  gateway.onSchemaLoadOrUpdate(({ apiSchema, coreSupergraphSdl }) => {
    singleFetches.schemaChanged(apiSchema);
    loaded = { apiSchema, routing: subscriptionRouting(coreSupergraphSdl), supergraphSdl: coreSupergraphSdl };
    log.info({ subscriptions: Object.fromEntries(loaded.routing.owners) }, 'supergraph loaded');
  });

  const plugins: ApolloServerPlugin<GatewayContext>[] = [
    costLimitPlugin<GatewayContext>(maxCost),
    ...noVendorReporting<GatewayContext>(),
    // No subgraph sets cache hints; the default plugin would compute an empty policy on every request.
    ApolloServerPluginCacheControlDisabled(),
  ];
  // Without introspection, "Did you mean …?" would still spell the schema out field by field.
  if (production) plugins.push(ApolloServerPluginDisableSuggestions());

  const apollo = new ApolloServer<GatewayContext>({
    gateway,
    logger: apolloLogger(log),
    csrfPrevention: true,
    introspection: !production,
    includeStacktraceInErrorResponses: !production,
    validationRules: [depthLimitRule(maxDepth)],
    plugins,
    formatError: (formatted, error) => {
      const code = formatted.extensions?.code;
      if (code === 'INTERNAL_SERVER_ERROR') log.error({ err: error }, 'operation failed');
      if (!production) return formatted;
      if (code === 'INTERNAL_SERVER_ERROR') return { message: GENERIC_ERROR, extensions: { code } };
      // Subgraph response bodies and URLs stay inside.
      const { response: _response, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    },
  });

  const app = express();
  app.disable('x-powered-by');
  // res.send would hash every GraphQL answer (SHA-1) for an ETag no POST is ever revalidated with;
  // the web app's files get theirs from express.static.
  app.set('etag', false);
  // Only the configured proxies (TRUSTED_PROXIES) may name the client; by default nobody may.
  const trust = proxyTrust(config.trustedProxies ?? []);
  app.set('trust proxy', (address: string) => trust(address));
  // index.html's one inline script (taps held until hydration), allowed by its hash.
  const indexFile = config.webDist ? join(config.webDist, 'index.html') : null;
  const inlineScripts = indexFile && existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        scriptSrcAttr: ["'none'"],
        // Radix positions popovers and dialogs with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // hls.js plays through MediaSource (blob: URLs) and may run its demuxer in a blob: worker.
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        // The contact page embeds Google Maps.
        frameSrc: ['https://www.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Everything is same-origin ('self'), so there is nothing for upgrade-insecure-requests to
        // upgrade, and it would break a production build served over plain http://localhost.
        upgradeInsecureRequests: null,
      },
    },
    // HSTS on http://localhost would make browsers refuse the dev server; production is HTTPS.
    strictTransportSecurity: production,
  });
  // The hashed files under /assets are scripts, styles and images, never documents or workers: the
  // policies that only mean something for a page (CSP, framing, referrer, COOP…) would be ~900 bytes
  // of headers on each of a first visit's ~30 files, uncompressed on HTTP/1.1.
  const assetHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: production,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.use((req, res, next) => (req.path.startsWith('/assets/') ? assetHeaders : securityHeaders)(req, res, next));
  // Media, payment notifications, newsletter links (relays/index.ts): before compression and any body parser.
  mountRelays(app, config.subgraphs, { secret: config.subgraphSecret, redis, redisKeyPrefix: config.redisKeyPrefix ?? 'lbf', notifyPerMinutePerIp: config.notifyPerMinutePerIp ?? 120, log });
  app.use(compression());

  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: 'gateway' }));
  app.get('/ready', async (_req, res) => {
    const redisOk = await redis.ping().then(
      () => true,
      () => false,
    );
    const checks = { supergraph: !!loaded && apolloStarted, redis: redisOk };
    const ok = checks.supergraph && checks.redis;
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks });
  });

  let graphqlHandler: RequestHandler | null = null;
  app.use(
    '/graphql',
    express.json({ limit: bodyLimit }),
    (req, _res, next) => {
      // Express 5 leaves req.body undefined when no parser matched (GET, text/plain); Apollo wants a
      // body to look at, and then refuses a non-preflighted POST itself (CSRF prevention).
      req.body ??= {};
      next();
    },
    (req, res, next) => {
      if (graphqlHandler) return graphqlHandler(req, res, next);
      res.status(503).setHeader('Retry-After', '2');
      res.json({ errors: [{ message: 'La passerelle démarre ; réessayez dans un instant.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    },
  );

  /**
   * The server's render of the public pages reads its data from this gateway's own Apollo server,
   * in process (executeOperation): no socket, no HTTP headers, and a context that is a visitor's by
   * construction (no auth, nothing forwarded, no response to relay cookies to), whoever asked.
   */
  const anonymousContext = (): GatewayContext => ({ auth: null, forward: {} });
  const executeAsVisitor = async ({ query, variables, operationName }: ExecuteRequest): Promise<ExecuteResult> => {
    const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue: anonymousContext() });
    if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by server rendering');
    return { data: response.body.singleResult.data, errors: response.body.singleResult.errors };
  };
  const ssr =
    config.webDist && config.ssrBundle
      ? createServerRender({
          indexFile: join(config.webDist, 'index.html'),
          bundle: config.ssrBundle,
          execute: () => (apolloStarted && loaded ? executeAsVisitor : null),
          log,
          publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : null,
          cacheTtlMs: config.ssrCacheTtlMs,
          timeoutMs: config.ssrTimeoutMs,
        })
      : null;
  // From here on, pages, built files, robots.txt and the sitemap: on PUBLIC_URL's host only.
  if (config.publicUrl) app.use(canonicalHost(config.publicUrl));
  mountSeo(app, { publicUrl: config.publicUrl });
  mountWebApp(app, config.webDist, ssr?.handler);
  app.use((_req, res) => void res.status(404).type('text/plain').send('Not found'));
  const onError: ErrorRequestHandler = (err: { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string }, req, res, _next) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (status >= 500) log.error({ err, path: req.path }, 'request failed');
    const message =
      status === 413 ? 'Requête trop volumineuse.' : status < 500 ? (err.expose && err.message ? err.message : 'Requête invalide.') : GENERIC_ERROR;
    if (res.headersSent) return;
    res.status(status).json({ errors: [{ message, extensions: { code: status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR' } }] });
  };
  app.use(onError);

  // POST /graphql with JSON, the API's hot path, is answered before Express (graphql-http.ts).
  let fastGraphql: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const httpServer = createServer((req, res) => {
    if (fastGraphql?.(req, res)) return;
    app(req, res);
  });
  const subscriptions = startSubscriptionGateway({
    httpServer,
    path: '/graphql',
    verifier,
    log,
    schema: () => (loaded && apolloStarted ? loaded : null),
    subgraphUrl: (name) => configuredUrls.get(name) ?? loaded?.routing.graphs.get(name)?.url ?? null,
    validationRules: [depthLimitRule(maxDepth)],
    maxCost,
    maxPayloadBytes: parseByteSize(bodyLimit),
    subgraphSecret: config.subgraphSecret,
    redis,
    redisKeyPrefix: config.redisKeyPrefix ?? 'lbf',
    trust,
    revocationCheckMs: config.revocationCheckMs,
    maxSocketsPerIp: config.maxSocketsPerIp,
    maxSubscriptionsPerSocket: config.maxSubscriptionsPerSocket,
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.port, config.host ?? '127.0.0.1', () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;
  const host = config.host && config.host !== '0.0.0.0' && config.host !== '::' ? config.host : '127.0.0.1';
  const siteUrl = config.publicUrl ? `${new URL(config.publicUrl).origin}/` : `http://${host}:${port}/`;

  const started = apollo.start().then(() => {
    apolloStarted = true;
    const context = async ({ req, res, ip }: { req: IncomingMessage; res: ServerResponse; ip: string | undefined }): Promise<GatewayContext> => {
      const auth = await verifier.verify(bearerToken(req.headers.authorization));
      // An administrator's request may change what the public pages show (settings, articles,
      // videos): the server-rendered pages are forgotten now and once it has been answered.
      if (ssr && auth?.roles.includes('admin')) {
        ssr.invalidate();
        res.once('finish', () => ssr.invalidate());
      }
      return { auth, forward: forwardedHeaders(req.headers, ip), res };
    };
    graphqlHandler = expressMiddleware(apollo, { context: ({ req, res }) => context({ req, res, ip: req.ip }) });
    const passthrough = { cache: singleFetches, urlOf: (name: string) => serviceUrls.get(name), fetch: fetcher };
    fastGraphql = graphqlHttpHandler({ apollo, context, passthrough: config.singleFetchPassthrough === false ? undefined : passthrough, bodyLimit: parseByteSize(bodyLimit), trust, securityHeaders });
    log.info({ port, site: siteUrl }, 'gateway ready');
  });
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
    singleFetchStats: () => ({ ...singleFetches.stats }),
    ssrStats: () => ssr?.stats() ?? null,
    stop() {
      stopped ??= (async () => {
        stopping.abort();
        await subscriptions.dispose().catch((err: unknown) => log.warn({ err: String(err) }, 'closing subscriptions failed'));
        await closeHttpServer(httpServer);
        const startedOk = await started.then(
          () => true,
          () => false,
        );
        if (startedOk) await apollo.stop();
        await redis.quit().catch(() => redis.disconnect());
      })();
      return stopped;
    },
  };
}
