import type { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import type { Logger, Metrics } from '@lbf/service-kit';
import express, { type RequestHandler } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResolvedGatewayConfig } from '../config';
import { parseByteSize } from '../config';
import { loadSupergraph, type LoadedSupergraph, type Supergraph } from '../schema/supergraph-loader';
import type { ProxyTrust } from '../shared/client-ip';
import { createApolloServer } from './apollo-server';
import type { CostBudget } from './integration-budget';
import type { RequestContext } from './context';
import { graphqlHttpHandler, type GraphqlHttpOptions } from './graphql-http';
import { SingleFetchCache } from './single-fetch';
import { timedFetcher } from './timed-fetcher';
import { SubgraphDataSource, subgraphFetcher, type GatewayContext } from './subgraph-data-source';
import { readManifest, trustedDocuments, type TrustedDocuments } from './trusted-documents';
import { getCachePolicy, trustedDocumentGate } from './trusted-documents-http';

const SUBGRAPH_TIMEOUT_MS = 30_000;

/** A query run in process as an anonymous visitor (the server render's data). */
export interface VisitorRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface GraphqlApi {
  apollo: ApolloServer<GatewayContext>;
  supergraph: Supergraph;
  singleFetches: SingleFetchCache;
  /** The web app's registered documents, and whether browsers are held to them (trusted-documents.ts). */
  trusted: TrustedDocuments;
  /** The loaded supergraph once Apollo Server has started too, else null. */
  schema(): LoadedSupergraph | null;
  /** `/graphql` through Express (GET, other content types, compressed bodies); 503 until started. */
  route: RequestHandler[];
  /** POST /graphql with JSON, answered before Express; false for anything else (and until started). */
  hotPath(req: IncomingMessage, res: ServerResponse): boolean;
  executeAsVisitor(request: VisitorRequest): Promise<{ data?: Record<string, unknown> | null; errors?: readonly unknown[] }>;
  /** Starts Apollo Server; then /graphql answers with this context. */
  start(context: RequestContext, trust: ProxyTrust, securityHeaders: GraphqlHttpOptions<GatewayContext>['securityHeaders']): Promise<void>;
}

/** The body parser's route: Express 5 leaves req.body undefined when no parser matched (GET, text/plain). */
function expressRoute(bodyLimit: string, trusted: TrustedDocuments, handler: () => RequestHandler | null): RequestHandler[] {
  return [
    express.json({ limit: bodyLimit }),
    (req, _res, next) => {
      // Apollo wants a body to look at, and then refuses a non-preflighted POST itself (CSRF prevention).
      req.body ??= {};
      next();
    },
    getCachePolicy,
    trustedDocumentGate(trusted),
    (req, res, next) => {
      const ready = handler();
      if (ready) return ready(req, res, next);
      res.status(503).setHeader('Retry-After', '2');
      res.json({ errors: [{ message: 'La passerelle démarre ; réessayez dans un instant.', extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
    },
  ];
}

/**
 * The federated GraphQL API over HTTP: the supergraph (schema/), Apollo Server with the guards, the
 * data sources sharing one fetcher with the single-fetch passthrough, the Express route and the hot path.
 */
export function createGraphqlApi(config: ResolvedGatewayConfig, log: Logger, signal: AbortSignal, metrics: Metrics, budget: CostBudget): GraphqlApi {
  // One fetcher for every data source and the single-fetch passthrough: same credential, sockets, deadline.
  const replays = metrics.counter('lbf_subgraph_replays_total', 'Queries sent to a subgraph again after their connection was refused or dropped');
  const onReplay = (url: string, err: unknown) => {
    replays.inc();
    log.info({ url, err: String(err) }, 'subgraph connection failed; query sent again');
  };
  const fetcher = timedFetcher(subgraphFetcher(SUBGRAPH_TIMEOUT_MS, config.subgraphSecret, signal, onReplay), config.subgraphs, metrics);
  const singleFetches = new SingleFetchCache();
  const supergraph = loadSupergraph(config, log, signal, {
    dataSource: (url) => new SubgraphDataSource({ url, fetcher }),
    // Every plan the normal path runs passed validation and the cost check: remember single fetches.
    didResolveQueryPlan: ({ queryPlan, requestContext }) => {
      const { request, document, operation, schema } = requestContext;
      if (document && operation) singleFetches.planned({ query: request.query, operationName: request.operationName, variables: request.variables, schema, document, operation, plan: queryPlan });
    },
    schemaChanged: (apiSchema) => singleFetches.schemaChanged(apiSchema),
  });
  const trusted = trustedDocuments(config.trustedDocumentsFile ? readManifest(config.trustedDocumentsFile) : new Map(), config.trustedDocumentsOnly);
  const apollo = createApolloServer(config, log, supergraph.gateway, metrics, budget, trusted);
  let started = false;
  let expressHandler: RequestHandler | null = null;
  let fastHandler: ((req: IncomingMessage, res: ServerResponse) => boolean) | null = null;

  return {
    apollo,
    supergraph,
    singleFetches,
    trusted,
    schema: () => (started ? supergraph.loaded() : null),
    route: expressRoute(config.bodyLimit, trusted, () => expressHandler),
    hotPath: (req, res) => fastHandler?.(req, res) ?? false,
    /**
     * In process (executeOperation): no socket, no HTTP headers, and a context that is a visitor's by
     * construction (no auth, nothing forwarded, no response to relay cookies to), whoever asked.
     */
    async executeAsVisitor({ query, variables, operationName }) {
      const response = await apollo.executeOperation({ query, variables, operationName }, { contextValue: { auth: null, forward: {} } });
      if (response.body.kind !== 'single') throw new Error('incremental delivery is not used by server rendering');
      return { data: response.body.singleResult.data, errors: response.body.singleResult.errors };
    },
    async start(context, trust, securityHeaders) {
      await apollo.start();
      started = true;
      expressHandler = expressMiddleware(apollo, { context: ({ req, res }) => context({ req, res, ip: req.ip }) });
      const passthrough = { cache: singleFetches, urlOf: (name: string) => supergraph.serviceUrl(name), fetch: fetcher };
      fastHandler = graphqlHttpHandler({ apollo, context, trusted, passthrough: config.singleFetchPassthrough ? passthrough : undefined, metrics, bodyLimit: parseByteSize(config.bodyLimit), trust, securityHeaders });
    },
  };
}
