import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Express } from 'express';
import { GraphQLError, parse, specifiedRules, validate, type GraphQLSchema } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { bearerToken, type AccessTokenVerifier, type AuthContext } from './auth';
import { clientIp, gatewaySecretCheck } from './gateway-credential';
import type { Logger } from './logger';
import type { Metrics } from './metrics';
import { noVendorReporting, refuseVendorTelemetry } from './no-phone-home';
import { refuseNullBytes } from './null-bytes';
import { DEFAULT_OPERATION_LIMITS, operationLimitsRule, withoutSuggestions, type OperationLimits } from './operation-limits';
import { subgraphGraphqlHandler, UNAUTHORIZED_BODY } from './subgraph-http';

export interface BaseContext extends AuthContext {
  ip: string | null;
  userAgent: string | null;
  /**
   * Present on HTTP requests (absent on subscriptions), e.g. for cookies. The bare node:http
   * objects: POST /graphql is answered before Express (subgraph-http.ts), so Express's helpers
   * (res.cookie, req.cookies) are not there; write headers with res.appendHeader.
   */
  req?: IncomingMessage;
  res?: ServerResponse;
  log: Logger;
}

export interface SubgraphOptions<C extends BaseContext> {
  name: string;
  port: number;
  host?: string;
  typeDefs: string;
  /**
   * The service's resolver map, typed by the service with the `Resolvers` generated from its SDL
   * (`npm run codegen`). Apollo's own map type cannot express `__resolveReference`, so the kit
   * only asks for an object and hands it to buildSubgraphSchema.
   */
  resolvers: Readonly<Record<string, object>>;
  verifier: AccessTokenVerifier;
  log: Logger;
  production: boolean;
  context?: (base: BaseContext) => C | Promise<C>;
  /** Named checks for /ready; the service is ready when all pass. */
  readiness?: Record<string, () => Promise<unknown>>;
  /** Mounts graphql-ws on /graphql for the subgraph's Subscription fields. */
  subscriptions?: boolean;
  plugins?: ApolloServerPlugin<C>[];
  /** Extra HTTP routes served on the same port (e.g. catalogue's /media); mounted before /graphql. */
  routes?: (app: Express) => void;
  /**
   * The gateway's credential (header x-lbf-gateway-secret), required on /graphql, its WebSocket
   * and every extra route; /health and /ready stay open for probes. Absent or null: open to any
   * caller, which only in-process tests do (bootService refuses it in production).
   */
  gatewaySecret?: string | null;
  /** The second wall's limits; DEFAULT_OPERATION_LIMITS unless given. */
  limits?: Partial<OperationLimits>;
  /** Served on /metrics (beside /health and /ready, never through the gateway), with HTTP and GraphQL counted. */
  metrics?: Metrics;
  /**
   * True once the process drains before shutting down (Lifecycle.isDraining): /ready answers 503
   * so the load balancer takes it out, and every answer closes its connection (`Connection: close`),
   * so a client's next request opens a new one, to a replica that stays.
   */
  draining?: () => boolean;
}

/** Largest JSON body /graphql accepts, on both paths. */
const BODY_LIMIT = 256 * 1024;

export interface RunningSubgraph {
  url: string;
  wsUrl: string;
  port: number;
  httpServer: Server;
  stop(): Promise<void>;
}

/** Starts one subgraph: Apollo Server on /graphql (HTTP and, optionally, graphql-ws), /health and /ready. */
/**
 * Idle keep-alive connections between the gateway and a subgraph: the subgraph keeps one open longer
 * (SUBGRAPH_KEEP_ALIVE_MS) than the gateway keeps an idle socket (IDLE_UPSTREAM_SOCKET_MS), so the
 * gateway is always the one that closes it. The other way round (Node's default keeps 5 s on the
 * server and forever on the client), a query sent on a socket the subgraph is closing at that instant
 * fails with "socket hang up": seen in CI as the home's counters « Indisponible » for one render.
 */
export const SUBGRAPH_KEEP_ALIVE_MS = 65_000;
export const IDLE_UPSTREAM_SOCKET_MS = 30_000;

export async function startSubgraph<C extends BaseContext>(opts: SubgraphOptions<C>): Promise<RunningSubgraph> {
  const schema = buildSubgraphSchema({ typeDefs: parse(opts.typeDefs), resolvers: opts.resolvers as never });
  const limits: OperationLimits = { ...DEFAULT_OPERATION_LIMITS, ...opts.limits };
  const app = express();
  // X-Forwarded-For is read by clientIp, and only from a request that proved it came from the gateway.
  app.set('trust proxy', false);
  app.disable('x-powered-by');
  const secret = opts.gatewaySecret ?? null;
  // Open (no secret, in-process tests only): every caller stands for the gateway, as before the credential.
  const carriesSecret = secret ? gatewaySecretCheck(secret) : null;
  const fromGateway = (headers: IncomingHttpHeaders) => (carriesSecret ? carriesSecret(headers) : true);
  // POST /graphql with JSON, what the gateway sends on every operation, is answered before Express.
  let fastGraphql: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;
  const draining = opts.draining ?? (() => false);
  const httpServer = createServer((req, res) => {
    if (draining()) res.shouldKeepAlive = false;
    if (fastGraphql?.(req, res)) return;
    app(req, res);
  });
  const makeContext = async (base: BaseContext): Promise<C> => (opts.context ? opts.context(base) : (base as C));

  const plugins = basePlugins<C>(httpServer, [...(opts.metrics ? [opts.metrics.graphqlPlugin<C>()] : []), ...(opts.plugins ?? [])]);
  opts.metrics?.observeHttp(httpServer);
  if (opts.subscriptions) plugins.push(mountSubscriptions(httpServer, schema, limits, fromGateway, opts, makeContext));
  const server = await startApollo(schema, limits, plugins, opts);

  mountProbes(app, opts);
  // Everything below answers the gateway only: /graphql (with _service and _entities) and extra routes.
  app.use((req, res, next) => {
    if (!fromGateway(req.headers)) {
      res.status(401).json(UNAUTHORIZED_BODY);
      return;
    }
    next();
  });
  opts.routes?.(app);
  // The same context on both paths (fast and Express): the verified token, the client IP, the bare request.
  const httpContext = async (req: IncomingMessage, res: ServerResponse): Promise<C> => {
    const token = bearerToken(req.headers.authorization);
    const auth = await opts.verifier.verify(token);
    const integration = auth ? null : await opts.verifier.verifyIntegration(token);
    const ua = req.headers['user-agent'];
    const ip = clientIp(req.headers, req.socket.remoteAddress, fromGateway(req.headers));
    return makeContext({ auth, integration, ip, userAgent: typeof ua === 'string' ? ua : null, req, res, log: opts.log });
  };
  app.use('/graphql', express.json({ limit: BODY_LIMIT }), expressMiddleware(server, { context: ({ req, res }) => httpContext(req, res) }));
  fastGraphql = subgraphGraphqlHandler({ apollo: server, fromGateway, context: httpContext, bodyLimit: BODY_LIMIT });
  return listen(httpServer, server, opts);
}

/**
 * Inline traces only serve Apollo Studio, which we do not use; they cost time on every request.
 * No schema has @cacheControl and the gateway computes no cache policy: the cache-control plugin
 * would only wrap every resolver call for nothing.
 */
function basePlugins<C extends BaseContext>(httpServer: Server, extra: ApolloServerPlugin<C>[] = []): ApolloServerPlugin<C>[] {
  return [
    ApolloServerPluginDrainHttpServer({ httpServer }),
    ApolloServerPluginInlineTraceDisabled(),
    ApolloServerPluginCacheControlDisabled(),
    refuseNullBytes<C>(),
    ...noVendorReporting<C>(),
    ...extra,
  ];
}

/** graphql-ws on /graphql, refused (401) before any GraphQL without the gateway's secret; returns the plugin that drains it. */
function mountSubscriptions<C extends BaseContext>(
  httpServer: Server,
  schema: GraphQLSchema,
  limits: OperationLimits,
  fromGateway: (headers: IncomingHttpHeaders) => boolean,
  opts: SubgraphOptions<C>,
  makeContext: (base: BaseContext) => Promise<C>,
): ApolloServerPlugin<C> {
  const wss = new WebSocketServer({
    server: httpServer,
    path: '/graphql',
    verifyClient: (info, done) => (fromGateway(info.req.headers) ? done(true) : done(false, 401, 'Unauthorized')),
  });
  const live = opts.metrics?.gauge('lbf_live_subscriptions', 'GraphQL subscriptions open on this process');
  const open = new WeakMap<object, Set<string>>();
  const cleanup = useServer(
    {
      schema,
      onOperation: (ctx, id) => {
        const ids = open.get(ctx) ?? new Set<string>();
        open.set(ctx, ids.add(id));
        live?.inc();
      },
      onComplete: (ctx, id) => {
        if (open.get(ctx)?.delete(id)) live?.dec();
      },
      // Same rules as over HTTP: the limits, and no "Did you mean …" in what is refused.
      validate: (schema, document) =>
        validate(schema, document, [...specifiedRules, operationLimitsRule(limits)]).map(
          (e) => new GraphQLError(withoutSuggestions(e.message), { nodes: e.nodes, extensions: e.extensions }),
        ),
      context: async (ctx) => {
        const params = (ctx.connectionParams ?? {}) as Record<string, unknown>;
        const auth = await opts.verifier.verify(bearerToken(params.authorization as string | undefined));
        const req = ctx.extra.request;
        return makeContext({ auth, ip: clientIp(req.headers, req.socket.remoteAddress, fromGateway(req.headers)), userAgent: null, log: opts.log });
      },
    },
    wss,
  );
  return {
    async serverWillStart() {
      return { drainServer: async () => void (await cleanup.dispose()) };
    },
  };
}

async function startApollo<C extends BaseContext>(schema: GraphQLSchema, limits: OperationLimits, plugins: ApolloServerPlugin<C>[], opts: SubgraphOptions<C>): Promise<ApolloServer<C>> {
  refuseVendorTelemetry();
  const server = new ApolloServer<C>({
    schema,
    // Apollo's own SIGTERM handler would stop the server at once, before the drain (Lifecycle) runs.
    stopOnTerminationSignals: false,
    csrfPrevention: true,
    // No "Did you mean …" in validation errors, in every mode: field names are not for strangers.
    hideSchemaDetailsFromClientErrors: true,
    validationRules: [operationLimitsRule(limits)],
    introspection: !opts.production,
    includeStacktraceInErrorResponses: !opts.production,
    plugins,
    formatError: (formatted, error) => {
      const code = formatted.extensions?.code;
      if (code === 'INTERNAL_SERVER_ERROR') opts.log.error({ err: error }, 'resolver failed');
      if (opts.production && code === 'INTERNAL_SERVER_ERROR') return { message: 'Une erreur inattendue s\'est produite.', extensions: { code } };
      return { ...formatted, message: withoutSuggestions(formatted.message) };
    },
  });
  await server.start();
  return server;
}

/** /health (cheap) and /ready (every readiness check, each true or false). */
function mountProbes(app: Express, opts: Pick<SubgraphOptions<BaseContext>, 'name' | 'readiness' | 'metrics' | 'draining'>): void {
  const metrics = opts.metrics;
  if (metrics) {
    app.get('/metrics', async (_req, res) => {
      const { contentType, body } = await metrics.render();
      res.type(contentType).send(body);
    });
  }
  app.get('/health', (_req, res) => void res.json({ status: 'ok', service: opts.name }));
  app.get('/ready', async (_req, res) => {
    if (opts.draining?.()) {
      res.status(503).json({ status: 'draining' });
      return;
    }
    const checks: Record<string, boolean> = {};
    await Promise.all(
      Object.entries(opts.readiness ?? {}).map(async ([name, check]) => {
        checks[name] = await check().then(
          () => true,
          () => false,
        );
      }),
    );
    const ok = Object.values(checks).every(Boolean);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ready' : 'not ready', checks });
  });
}

async function listen<C extends BaseContext>(httpServer: Server, server: ApolloServer<C>, opts: SubgraphOptions<C>): Promise<RunningSubgraph> {
  httpServer.keepAliveTimeout = SUBGRAPH_KEEP_ALIVE_MS;
  httpServer.headersTimeout = SUBGRAPH_KEEP_ALIVE_MS + 1_000;
  await new Promise<void>((resolve) => httpServer.listen(opts.port, opts.host ?? '127.0.0.1', resolve));
  const port = (httpServer.address() as AddressInfo).port;
  const host = opts.host && opts.host !== '0.0.0.0' ? opts.host : '127.0.0.1';
  opts.log.info({ port }, `${opts.name} subgraph listening`);
  return {
    url: `http://${host}:${port}/graphql`,
    wsUrl: `ws://${host}:${port}/graphql`,
    port,
    httpServer,
    async stop() {
      // Apollo's drain plugin stops accepting requests and waits for those in flight.
      await server.stop();
    },
  };
}
