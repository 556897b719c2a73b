import { bearerToken, revocationKeys, type AccessTokenVerifier, type AuthUser, type Logger, type Redis } from '@lbf/service-kit';
import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { SUBGRAPH_SECRET_HEADER, webSocketWithHeaders } from '../shared/subgraph-credential';
import { clientIp, type ProxyTrust } from '../shared/client-ip';
import { checkCost } from '../graphql/guards';
import { SharedSubscriptions } from './shared-subscriptions';
import { ownerOfFields, rootFieldNames, toWebSocketUrl, type SubscriptionRouting } from '../schema/supergraph';
import { UpstreamGraphQLErrors, UpstreamSubscription } from './upstream-subscription';

/** What the gateway knows once a supergraph is loaded. */
export interface LoadedSchema {
  apiSchema: GraphQLSchema;
  routing: SubscriptionRouting;
}

export interface SubscriptionGatewayOptions {
  httpServer: Server;
  path: string;
  verifier: AccessTokenVerifier;
  log: Logger;
  /** Null until the supergraph is loaded. */
  schema(): LoadedSchema | null;
  /** The HTTP URL of a subgraph by name (configured override, else the supergraph's). */
  subgraphUrl(name: string): string | null;
  validationRules: ValidationRule[];
  maxCost: number;
  maxPayloadBytes: number;
  /** Sent on every upstream WebSocket upgrade (see subgraph-credential.ts). */
  subgraphSecret: string;
  /** Where identity writes token revocations (bans, sign-outs). */
  redis: Redis;
  /** REDIS_KEY_PREFIX, under which identity writes token revocations. */
  redisKeyPrefix: string;
  /** Which peers may name the client in X-Forwarded-For (sockets per IP). */
  trust: ProxyTrust;
  /** How often open authenticated sockets are checked against revocations; 2 s by default. */
  revocationCheckMs?: number;
  /** Subscriptions one socket may hold at once; 10 by default. */
  maxSubscriptionsPerSocket?: number;
  /** Sockets one client IP may hold at once; 20 by default. */
  maxSocketsPerIp?: number;
}

export const DEFAULT_MAX_SUBSCRIPTIONS_PER_SOCKET = 10;
export const DEFAULT_MAX_SOCKETS_PER_IP = 20;
/** Close codes: the client reconnects (the web app with its current token, or as a visitor). */
export const CLOSE_REVOKED = 4403;
export const CLOSE_EXPIRED = 4401;

/** The `exp` claim (seconds) of a token already verified, or null. */
function expiryOf(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/** Per browser connection: who it is, and one upstream client per subgraph it subscribed to. */
interface Connection {
  /** Closes the browser's socket (revocation, expiry). */
  close(code: number, reason: string): void;
  expiryTimer: NodeJS.Timeout | null;
  /** Ids of the subscriptions running on this socket (the per-socket cap). */
  active: Set<string>;
  auth: AuthUser | null;
  authorization: string | null;
  upstreams: Map<string, Client>;
  /** Upstream GraphQL errors by operation id, relayed verbatim by onError. */
  upstreamErrors: Map<string, UpstreamGraphQLErrors>;
}

/** Handed from onSubscribe to subscribe() through graphql-ws's execution args. */
interface Forward {
  connection: Connection;
  id: string;
  subgraph: string;
  wsUrl: string;
  payload: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null; extensions?: Record<string, unknown> | null };
}

function refuse(message: string, code: string): GraphQLError[] {
  return [new GraphQLError(message, { extensions: { code } })];
}

/**
 * graphql-ws on the gateway's /graphql. The connection is authenticated once (connectionParams.
 * authorization: a bad token closes it with 4403, none makes a visitor); each subscription is
 * validated against the API schema with the HTTP guards, then relayed to the one subgraph that owns
 * its root field, over a graphql-ws client per (connection, subgraph) that carries the same token.
 */
export function startSubscriptionGateway(opts: SubscriptionGatewayOptions): { dispose(): Promise<void> } {
  const maxSubscriptions = opts.maxSubscriptionsPerSocket ?? DEFAULT_MAX_SUBSCRIPTIONS_PER_SOCKET;
  const maxSocketsPerIp = opts.maxSocketsPerIp ?? DEFAULT_MAX_SOCKETS_PER_IP;
  const socketsPerIp = new Map<string, number>();
  const wss = new WebSocketServer({
    server: opts.httpServer,
    path: opts.path,
    maxPayload: opts.maxPayloadBytes,
    // Counted at the upgrade and released when the TCP socket closes, however the handshake ends.
    verifyClient: ({ req }, done) => {
      const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trust) ?? 'unknown';
      const count = socketsPerIp.get(ip) ?? 0;
      if (count >= maxSocketsPerIp) {
        opts.log.warn({ ip, count }, 'websocket refused: too many sockets from one IP');
        return done(false, 429, 'Trop de connexions');
      }
      socketsPerIp.set(ip, count + 1);
      req.socket.once('close', () => {
        const left = (socketsPerIp.get(ip) ?? 1) - 1;
        if (left > 0) socketsPerIp.set(ip, left);
        else socketsPerIp.delete(ip);
      });
      done(true);
    },
  });
  const connections = new WeakMap<object, Connection>();
  const live = new Set<Connection>();

  const closeConnection = (connection: Connection) => {
    live.delete(connection);
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    // dispose() awaits a pending (re)connection, which rejects when the subgraph is gone and no
    // subscription is left: that rejection is expected, and must never reach the process.
    for (const client of connection.upstreams.values()) {
      Promise.resolve(client.dispose()).catch((err: unknown) => opts.log.debug({ err: String(err) }, 'upstream client disposed while reconnecting'));
    }
    connection.upstreams.clear();
  };

  const UpstreamWebSocket = webSocketWithHeaders({ [SUBGRAPH_SECRET_HEADER]: opts.subgraphSecret });

  // Public subscriptions share one anonymous client per subgraph, and one upstream subscription per request.
  const sharedClients = new Map<string, Client>();
  const shared = new SharedSubscriptions((subgraph) => {
    let client = sharedClients.get(subgraph);
    if (!client) {
      const httpUrl = opts.subgraphUrl(subgraph);
      if (!httpUrl) throw new Error(`no URL for subgraph ${subgraph}`);
      client = createClient({
        url: toWebSocketUrl(httpUrl),
        webSocketImpl: UpstreamWebSocket,
        connectionParams: {},
        lazy: true,
        retryAttempts: 5,
        on: { error: (err) => opts.log.warn({ subgraph, err: String(err) }, 'shared upstream subscription connection error') },
      });
      sharedClients.set(subgraph, client);
    }
    return client;
  });

  /**
   * Bans and sign-outs: identity writes revocation keys in Redis. Every open authenticated socket is
   * checked in ONE MGET every revocationCheckMs (2 s): cheap at any number of sockets, no change
   * needed in identity (a pub/sub signal would be), and a ban reaches a live socket within 2 s.
   */
  const checkRevocations = async () => {
    const watched = [...live].filter((c) => c.auth);
    if (!watched.length) return;
    const revoked = revocationKeys(opts.redisKeyPrefix);
    const keys = watched.flatMap((c) => [revoked.user(c.auth!.userId), revoked.session(c.auth!.sessionId)]);
    let values: Array<string | null>;
    try {
      values = await opts.redis.mget(...keys);
    } catch (err) {
      opts.log.warn({ err: String(err) }, 'revocation check failed');
      return;
    }
    watched.forEach((connection, i) => {
      const userRevokedAt = values[2 * i];
      const sessionRevoked = values[2 * i + 1];
      if (sessionRevoked || (userRevokedAt && connection.auth!.issuedAt <= Number(userRevokedAt))) {
        connection.close(CLOSE_REVOKED, 'Forbidden');
      }
    });
  };
  let checking = false;
  const revocationTimer = setInterval(() => {
    if (checking) return;
    checking = true;
    void checkRevocations().finally(() => (checking = false));
  }, opts.revocationCheckMs ?? 2000);
  revocationTimer.unref();

  const upstreamFor = (connection: Connection, subgraph: string, wsUrl: string): Client => {
    let client = connection.upstreams.get(subgraph);
    if (!client) {
      const authorization = connection.authorization;
      client = createClient({
        url: wsUrl,
        webSocketImpl: UpstreamWebSocket,
        connectionParams: authorization ? { authorization } : {},
        // Connect on the first subscription, close when the last one ends; retry a restarting subgraph.
        lazy: true,
        retryAttempts: 5,
        on: {
          error: (err) => opts.log.warn({ subgraph, err: String(err) }, 'upstream subscription connection error'),
        },
      });
      connection.upstreams.set(subgraph, client);
    }
    return client;
  };

  // Registered before graphql-ws's own listener: a socket error (an oversized frame, which ws already
  // answers with close 1009, or a broken frame) is logged here, structured, instead of reaching
  // graphql-ws's console.error with a stack trace on stderr.
  wss.on('connection', (socket, request) => {
    const emit = socket.emit.bind(socket);
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'error') return emit(event, ...args);
      const err = args[0] as { code?: string; message?: string } | undefined;
      opts.log.warn({ code: err?.code, reason: err?.message, peer: request.socket.remoteAddress }, 'websocket frame refused; connection closed');
      if (socket.readyState === socket.OPEN) socket.close(err?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 1009 : 1002);
      return true;
    }) as typeof socket.emit;
  });

  const server = useServer<Record<string, unknown> | undefined>(
    {
      onConnect: async (ctx) => {
        const params = ctx.connectionParams ?? {};
        const header = params.authorization ?? params.Authorization;
        let auth: AuthUser | null = null;
        let authorization: string | null = null;
        if (header !== undefined && header !== null && header !== '') {
          const token = typeof header === 'string' ? bearerToken(header) : null;
          auth = await opts.verifier.verify(token);
          if (!auth) return false;
          authorization = `Bearer ${token}`;
        }
        const socket = ctx.extra.socket;
        const connection: Connection = {
          close: (code, reason) => {
            if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
          },
          expiryTimer: null,
          active: new Set(),
          auth,
          authorization,
          upstreams: new Map(),
          upstreamErrors: new Map(),
        };
        // A long-lived socket must not outlive its token: closed at `exp`, the client reconnects with a fresh one.
        const exp = authorization ? expiryOf(authorization.slice(7)) : null;
        if (exp !== null) {
          connection.expiryTimer = setTimeout(() => connection.close(CLOSE_EXPIRED, 'Token expired'), Math.max(0, exp * 1000 - Date.now()));
          connection.expiryTimer.unref();
        }
        connections.set(ctx, connection);
        live.add(connection);
        return true;
      },

      onSubscribe: async (ctx, id, payload) => {
        const connection = connections.get(ctx);
        if (!connection) return refuse('Connexion non initialisée.', 'UNAUTHENTICATED');
        if (connection.active.size >= maxSubscriptions) {
          return refuse(`Trop d'abonnements sur cette connexion (maximum ${maxSubscriptions}).`, 'TOO_MANY_SUBSCRIPTIONS');
        }
        const loaded = opts.schema();
        if (!loaded) return refuse('La passerelle démarre ; réessayez dans un instant.', 'SERVICE_UNAVAILABLE');
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (err) {
          return [err instanceof GraphQLError ? err : new GraphQLError(String(err))];
        }
        const errors = validate(loaded.apiSchema, document, [...specifiedRules, ...opts.validationRules]);
        if (errors.length) return errors;
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return refuse("Impossible d'identifier l'opération.", 'BAD_USER_INPUT');
        if (operation.operation !== 'subscription') {
          return refuse('Seuls les abonnements passent par WebSocket ; envoyez les requêtes et mutations en HTTP sur /graphql.', 'BAD_USER_INPUT');
        }
        const costError = checkCost(loaded.apiSchema, document, opts.maxCost, payload.variables ?? undefined, payload.operationName ?? undefined);
        if (costError) return [costError];
        const owner = ownerOfFields(loaded.routing, rootFieldNames(document, operation));
        if (!owner.ok) {
          return owner.reason === 'several-subgraphs'
            ? refuse(`Les champs ${owner.fields.join(', ')} relèvent de services différents : abonnez-vous à chacun séparément.`, 'BAD_USER_INPUT')
            : refuse(`Aucun service ne sert l'abonnement ${owner.fields.join(', ')}.`, 'BAD_USER_INPUT');
        }
        const httpUrl = opts.subgraphUrl(owner.subgraph);
        if (!httpUrl) return refuse(`Le service ${owner.subgraph} n'est pas configuré.`, 'SERVICE_UNAVAILABLE');
        const forward: Forward = {
          connection,
          id,
          subgraph: owner.subgraph,
          wsUrl: toWebSocketUrl(httpUrl),
          payload: { query: payload.query, variables: payload.variables, operationName: payload.operationName, extensions: payload.extensions },
        };
        connection.active.add(id);
        const args: ExecutionArgs = {
          schema: loaded.apiSchema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: forward,
        };
        return args;
      },

      subscribe: (args) => {
        const forward = args.contextValue as Forward;
        // Yields formatted (JSON) results where graphql-ws types expect ExecutionResult; onNext relays them as is.
        const upstream = new UpstreamSubscription((sink) => {
          const relay = {
            next: sink.next,
            complete: sink.complete,
            error: (err: unknown) => {
              if (Array.isArray(err)) forward.connection.upstreamErrors.set(forward.id, new UpstreamGraphQLErrors(err));
              sink.error(err);
            },
          };
          // No user-specific context: identical requests share one upstream subscription.
          if (!forward.connection.auth) return shared.join(forward.subgraph, forward.payload, relay);
          return upstreamFor(forward.connection, forward.subgraph, forward.wsUrl).subscribe(forward.payload, relay);
        });
        return upstream as unknown as AsyncGenerator<ExecutionResult>;
      },

      // Results come from the subgraph already formatted (plain JSON): relay them as they are.
      onNext: (_ctx, _id, _payload, _args, result) => result as never,

      onError: (ctx, id, _payload, errors) => {
        connections.get(ctx)?.active.delete(id);
        const upstream = connections.get(ctx)?.upstreamErrors.get(id);
        if (upstream) {
          connections.get(ctx)!.upstreamErrors.delete(id);
          return upstream.errors;
        }
        return errors.map((e) => e.toJSON());
      },

      onComplete: (ctx, id) => {
        connections.get(ctx)?.active.delete(id);
        connections.get(ctx)?.upstreamErrors.delete(id);
      },

      onClose: (ctx) => {
        const connection = connections.get(ctx);
        if (connection) closeConnection(connection);
      },
    },
    wss,
  );

  return {
    async dispose() {
      clearInterval(revocationTimer);
      await server.dispose();
      for (const connection of [...live]) closeConnection(connection);
      for (const client of sharedClients.values()) {
        Promise.resolve(client.dispose()).catch((err: unknown) => opts.log.debug({ err: String(err) }, 'shared upstream client disposed while reconnecting'));
      }
    },
  };
}
