import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, visit, type DocumentNode } from 'graphql';
import type { GatewayContext } from './subgraph-data-source';

/** Whether a document asks `__schema` or `__type` (`__typename` is not introspection: clients add it everywhere). */
export function asksIntrospection(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (node.name.value === '__schema' || node.name.value === '__type') found = true;
    },
  });
  return found;
}

export function introspectionRefused(): GraphQLError {
  return new GraphQLError('L’introspection du schéma est réservée aux clés d’API ; le schéma public est sur /api/schema.graphql (introspection is allowed for API keys only)', {
    extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
  });
}

/**
 * Issue 24 point 3: in production the schema's introspection is an integration's alone (a request
 * with an API key); the public and browsers (a person's session included, an administrator's too)
 * are refused, as Apollo's `introspection: false` did for everyone. Elsewhere everyone may.
 */
export function introspectionForKeysOnlyPlugin(production: boolean): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart({ contextValue }) {
      if (!production || contextValue.integration) return;
      return {
        async didResolveOperation({ document }) {
          if (asksIntrospection(document)) throw introspectionRefused();
        },
      };
    },
  };
}
