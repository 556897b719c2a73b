import { ApolloGateway, IntrospectAndCompose, type Experimental_DidResolveQueryPlanCallback, type GatewayConfig as ApolloGatewayConfig, type SupergraphManager } from '@apollo/gateway';
import { refuseVendorTelemetry, type Logger } from '@lbf/service-kit';
import type { GraphQLSchema } from 'graphql';
import type { ResolvedGatewayConfig } from '../config';
import { apolloLogger } from '../shared/apollo-logger';
import { SUBGRAPH_SECRET_HEADER } from '../shared/subgraph-credential';
import { subscriptionRouting, type SubscriptionRouting } from './supergraph';

type DataSource = ReturnType<NonNullable<ApolloGatewayConfig['buildService']>>;

/** What the gateway knows once a supergraph is loaded. */
export interface LoadedSchema {
  apiSchema: GraphQLSchema;
  routing: SubscriptionRouting;
}

export interface LoadedSupergraph extends LoadedSchema {
  supergraphSdl: string;
}

/** What the API room plugs into the supergraph: its data sources and what it learns from each plan and schema. */
export interface SupergraphHooks {
  /** The data source sending to a subgraph at this URL. */
  dataSource(url: string | undefined): DataSource;
  didResolveQueryPlan: Experimental_DidResolveQueryPlanCallback;
  schemaChanged(apiSchema: GraphQLSchema): void;
}

export interface Supergraph {
  gateway: ApolloGateway;
  /** Null until a supergraph is loaded (the subgraphs answered, or the static file was read). */
  loaded(): LoadedSupergraph | null;
  /** The URL the data source for this subgraph sends to, once it is built. */
  serviceUrl(name: string): string | undefined;
  /** The HTTP URL of a subgraph by name: SUBGRAPHS', else the supergraph's; null when neither names it. */
  subgraphUrl(name: string): string | null;
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

/** The running subgraphs composed (development), retried until they answer, re-read every pollIntervalMs. */
function introspectAndCompose(config: ResolvedGatewayConfig, log: Logger, signal: AbortSignal, composed: () => boolean): SupergraphManager {
  return new RetryUntilComposed(
    new IntrospectAndCompose({
      subgraphs: config.subgraphs.map((s) => ({ ...s })),
      pollIntervalInMs: config.pollIntervalMs,
      introspectionHeaders: { [SUBGRAPH_SECRET_HEADER]: config.subgraphSecret },
      // Until the first composition each failed attempt is expected (RetryUntilComposed reports
      // them sparingly); afterwards a failed poll means a subgraph went away or broke its schema.
      logger: apolloLogger(log, () => (composed() ? 'warn' : 'debug')),
    }),
    log,
    signal,
  );
}

/**
 * The supergraph: the static one composed at build time (SUPERGRAPH_FILE), else the running
 * subgraphs composed live; a composed file carries the default ports, so SUBGRAPHS wins by name.
 */
export function loadSupergraph(config: ResolvedGatewayConfig, log: Logger, signal: AbortSignal, hooks: SupergraphHooks): Supergraph {
  const configuredUrls = new Map(config.subgraphs.map((s) => [s.name, s.url]));
  const serviceUrls = new Map<string, string>();
  let loaded: LoadedSupergraph | null = null;

  // Before the gateway exists: its constructor decides on Apollo's telemetry from the environment.
  refuseVendorTelemetry();
  const gateway = new ApolloGateway({
    logger: apolloLogger(log),
    supergraphSdl: config.supergraphSdl ? config.supergraphSdl : introspectAndCompose(config, log, signal, () => loaded !== null),
    buildService: ({ name, url }) => {
      const target = configuredUrls.get(name) ?? url;
      if (target) serviceUrls.set(name, target);
      return hooks.dataSource(target);
    },
    experimental_didResolveQueryPlan: hooks.didResolveQueryPlan,
  });
  gateway.onSchemaLoadOrUpdate(({ apiSchema, coreSupergraphSdl }) => {
    hooks.schemaChanged(apiSchema);
    loaded = { apiSchema, routing: subscriptionRouting(coreSupergraphSdl), supergraphSdl: coreSupergraphSdl };
    log.info({ subscriptions: Object.fromEntries(loaded.routing.owners) }, 'supergraph loaded');
  });
  return {
    gateway,
    loaded: () => loaded,
    serviceUrl: (name) => serviceUrls.get(name),
    subgraphUrl: (name) => configuredUrls.get(name) ?? loaded?.routing.graphs.get(name)?.url ?? null,
  };
}
