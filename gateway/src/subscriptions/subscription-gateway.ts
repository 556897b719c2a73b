import type { AccessTokenVerifier, Logger, Redis } from '@lbf/service-kit';
import type { ExecutionResult } from 'graphql';
import { useServer } from 'graphql-ws/use/ws';
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { parseByteSize, type ResolvedGatewayConfig } from '../config';
import { depthLimitRule } from '../graphql/guards';
import type { ProxyTrust } from '../shared/client-ip';
import { admitSubscription, type AdmissionRules, type Forward } from './admit';
import { LiveConnections, openConnection } from './connection';
import { watchRevocations } from './revocations';
import { socketsPerIpLimit } from './socket-limits';
import { UpstreamClients } from './upstream-clients';
import { UpstreamGraphQLErrors, UpstreamSubscription } from './upstream-subscription';

export { CLOSE_EXPIRED, CLOSE_REVOKED } from './connection';

/** The gateway's subscription options, its admission rules among them (each subscribe is admitted by them). */
export interface SubscriptionGatewayOptions extends AdmissionRules {
  httpServer: Server;
  path: string;
  verifier: AccessTokenVerifier;
  log: Logger;
  maxPayloadBytes: number;
  /** Sent on every upstream WebSocket upgrade (see shared/subgraph-credential.ts). */
  subgraphSecret: string;
  /** Where identity writes token revocations (bans, sign-outs). */
  redis: Redis;
  /** REDIS_KEY_PREFIX, under which identity writes token revocations. */
  redisKeyPrefix: string;
  /** Which peers may name the client in X-Forwarded-For (sockets per IP). */
  trust: ProxyTrust;
  /** How often open authenticated sockets are checked against revocations. */
  revocationCheckMs: number;
  /** Sockets one client IP may hold at once. */
  maxSocketsPerIp: number;
}

type Limits = Pick<
  SubscriptionGatewayOptions,
  'validationRules' | 'maxCost' | 'maxPayloadBytes' | 'subgraphSecret' | 'redisKeyPrefix' | 'revocationCheckMs' | 'maxSocketsPerIp' | 'maxSubscriptionsPerSocket'
>;

/** What the gateway's configuration sets for subscriptions: the HTTP guards, the caps, the credential. */
export function subscriptionLimits(config: ResolvedGatewayConfig): Limits {
  return {
    validationRules: [depthLimitRule(config.maxDepth)],
    maxCost: config.maxCost,
    maxPayloadBytes: parseByteSize(config.bodyLimit),
    subgraphSecret: config.subgraphSecret,
    redisKeyPrefix: config.redisKeyPrefix,
    revocationCheckMs: config.revocationCheckMs,
    maxSocketsPerIp: config.maxSocketsPerIp,
    maxSubscriptionsPerSocket: config.maxSubscriptionsPerSocket,
  };
}

type Hooks = Parameters<typeof useServer<Record<string, unknown> | undefined>>[0];

/**
 * Registered before graphql-ws's own listener: a socket error (an oversized frame, which ws already
 * answers with close 1009, or a broken frame) is logged here, structured, instead of reaching
 * graphql-ws's console.error with a stack trace on stderr.
 */
function logFrameErrors(wss: WebSocketServer, log: Logger): void {
  wss.on('connection', (socket, request) => {
    const emit = socket.emit.bind(socket);
    socket.emit = ((event: string | symbol, ...args: unknown[]) => {
      if (event !== 'error') return emit(event, ...args);
      const err = args[0] as { code?: string; message?: string } | undefined;
      log.warn({ code: err?.code, reason: err?.message, peer: request.socket.remoteAddress }, 'websocket frame refused; connection closed');
      if (socket.readyState === socket.OPEN) socket.close(err?.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' ? 1009 : 1002);
      return true;
    }) as typeof socket.emit;
  });
}

/** The relay itself: each admitted subscription runs on the subgraph that owns it, its results passed as they come. */
function subscribeUpstream(upstreams: UpstreamClients, forward: Forward): AsyncGenerator<ExecutionResult> {
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
    if (!forward.connection.auth) return upstreams.shared.join(forward.subgraph, forward.payload, relay);
    return upstreams.forConnection(forward.connection, forward.subgraph, forward.wsUrl).subscribe(forward.payload, relay);
  });
  return upstream as unknown as AsyncGenerator<ExecutionResult>;
}

/** graphql-ws's hooks: who connects, what may subscribe, where it runs, what errors say. */
function serverHooks(opts: SubscriptionGatewayOptions, connections: LiveConnections, upstreams: UpstreamClients): Hooks {
  return {
    onConnect: async (ctx) => {
      const connection = await openConnection(ctx.connectionParams ?? {}, ctx.extra.socket, opts.verifier);
      if (!connection) return false;
      connections.add(ctx, connection);
      return true;
    },
    onSubscribe: async (ctx, id, payload) => admitSubscription(opts, connections.get(ctx), id, payload),
    subscribe: (args) => subscribeUpstream(upstreams, args.contextValue as Forward),
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
      if (connection) connections.close(connection);
    },
  };
}

/**
 * graphql-ws on the gateway's /graphql. The connection is authenticated once (connectionParams.
 * authorization: a bad token closes it with 4403, none makes a visitor); each subscription is
 * validated against the API schema with the HTTP guards, then relayed to the one subgraph that owns
 * its root field, over a graphql-ws client per (connection, subgraph) that carries the same token.
 */
export function startSubscriptionGateway(opts: SubscriptionGatewayOptions): { dispose(): Promise<void> } {
  const wss = new WebSocketServer({
    server: opts.httpServer,
    path: opts.path,
    maxPayload: opts.maxPayloadBytes,
    verifyClient: socketsPerIpLimit(opts.maxSocketsPerIp, opts.trust, opts.log),
  });
  const connections = new LiveConnections(opts.log);
  const upstreams = new UpstreamClients(opts.subgraphSecret, opts.subgraphUrl, opts.log);
  const stopWatching = watchRevocations(() => connections.all(), { redis: opts.redis, redisKeyPrefix: opts.redisKeyPrefix, everyMs: opts.revocationCheckMs, log: opts.log });
  logFrameErrors(wss, opts.log);
  const server = useServer<Record<string, unknown> | undefined>(serverHooks(opts, connections, upstreams), wss);

  return {
    async dispose() {
      stopWatching();
      await server.dispose();
      for (const connection of connections.all()) connections.close(connection);
      upstreams.disposeShared();
    },
  };
}
