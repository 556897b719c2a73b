import type { ApolloGateway } from '@apollo/gateway';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginDisableSuggestions } from '@apollo/server/plugin/disableSuggestions';
import { noVendorReporting, type Logger, type Metrics } from '@lbf/service-kit';
import type { ResolvedGatewayConfig } from '../config';
import { apolloLogger } from '../shared/apollo-logger';
import { costLimitPlugin, depthLimitRule } from './guards';
import type { CostBudget } from './integration-budget';
import { integrationCostPlugin } from './integration-cost';
import { introspectionForKeysOnlyPlugin } from './introspection';
import type { GatewayContext } from './subgraph-data-source';
import type { TrustedDocuments } from './trusted-documents';

/** What a client is told of an internal error in production. */
export const GENERIC_ERROR = "Une erreur inattendue s'est produite.";

/**
 * Apollo Server over the federated gateway, with the guards (depth, cost), CSRF prevention, no
 * vendor reporting, and in production: introspection for API keys only, no field suggestions, internal errors told
 * as GENERIC_ERROR and subgraph responses kept inside.
 */
export function createApolloServer(config: ResolvedGatewayConfig, log: Logger, gateway: ApolloGateway, metrics: Metrics, budget: CostBudget, trusted: TrustedDocuments): ApolloServer<GatewayContext> {
  const production = config.production;
  const plugins: ApolloServerPlugin<GatewayContext>[] = [
    // Introspection: API keys only in production (issue 24); Apollo's own switch stays on for them.
    introspectionForKeysOnlyPlugin(production),
    costLimitPlugin<GatewayContext>(config.maxCost),
    // After the cost check: an integration's operation is charged to its key's budget, its answer says what it cost (issue 24).
    integrationCostPlugin(budget),
    ...noVendorReporting<GatewayContext>(),
    // No subgraph sets cache hints; the default plugin would compute an empty policy on every request.
    ApolloServerPluginCacheControlDisabled(),
    metrics.graphqlPlugin<GatewayContext>(),
  ];
  // Without introspection, "Did you mean …?" would still spell the schema out field by field.
  if (production) plugins.push(ApolloServerPluginDisableSuggestions());

  return new ApolloServer<GatewayContext>({
    gateway,
    // Apollo's own SIGTERM handler would stop the server at once; main.ts drains, then stops it.
    stopOnTerminationSignals: false,
    logger: apolloLogger(log),
    csrfPrevention: true,
    // A document named by its hash is read from the web build's manifest (trusted-documents.ts); no expiry.
    persistedQueries: { cache: trusted.apqCache(), ttl: null },
    introspection: true,
    includeStacktraceInErrorResponses: !production,
    validationRules: [depthLimitRule(config.maxDepth)],
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
}
