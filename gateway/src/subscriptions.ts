import { bearerToken, type AccessTokenVerifier, type AuthUser, type Logger } from '@lbf/service-kit';
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
import { SUBGRAPH_SECRET_HEADER, webSocketWithHeaders } from './subgraph-credential';
import { checkCost } from './guards';
import { ownerOfFields, rootFieldNames, toWebSocketUrl, type SubscriptionRouting } from './supergraph';
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
}

/** Per browser connection: who it is, and one upstream client per subgraph it subscribed to. */
interface Connection {
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
  const wss = new WebSocketServer({ server: opts.httpServer, path: opts.path, maxPayload: opts.maxPayloadBytes });
  const connections = new WeakMap<object, Connection>();
  const live = new Set<Connection>();

  const closeConnection = (connection: Connection) => {
    live.delete(connection);
    // dispose() awaits a pending (re)connection, which rejects when the subgraph is gone and no
    // subscription is left: that rejection is expected, and must never reach the process.
    for (const client of connection.upstreams.values()) {
      Promise.resolve(client.dispose()).catch((err: unknown) => opts.log.debug({ err: String(err) }, 'upstream client disposed while reconnecting'));
    }
    connection.upstreams.clear();
  };

  const UpstreamWebSocket = webSocketWithHeaders({ [SUBGRAPH_SECRET_HEADER]: opts.subgraphSecret });

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
        const connection: Connection = { auth, authorization, upstreams: new Map(), upstreamErrors: new Map() };
        connections.set(ctx, connection);
        live.add(connection);
        return true;
      },

      onSubscribe: async (ctx, id, payload) => {
        const connection = connections.get(ctx);
        if (!connection) return refuse('Connexion non initialisée.', 'UNAUTHENTICATED');
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
        const client = upstreamFor(forward.connection, forward.subgraph, forward.wsUrl);
        // Yields formatted (JSON) results where graphql-ws types expect ExecutionResult; onNext relays them as is.
        const upstream = new UpstreamSubscription((sink) =>
          client.subscribe(forward.payload, {
            next: sink.next,
            complete: sink.complete,
            error: (err) => {
              if (Array.isArray(err)) forward.connection.upstreamErrors.set(forward.id, new UpstreamGraphQLErrors(err));
              sink.error(err);
            },
          }),
        );
        return upstream as unknown as AsyncGenerator<ExecutionResult>;
      },

      // Results come from the subgraph already formatted (plain JSON): relay them as they are.
      onNext: (_ctx, _id, _payload, _args, result) => result as never,

      onError: (ctx, id, _payload, errors) => {
        const upstream = connections.get(ctx)?.upstreamErrors.get(id);
        if (upstream) {
          connections.get(ctx)!.upstreamErrors.delete(id);
          return upstream.errors;
        }
        return errors.map((e) => e.toJSON());
      },

      onComplete: (ctx, id) => {
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
      await server.dispose();
      for (const connection of [...live]) closeConnection(connection);
    },
  };
}
