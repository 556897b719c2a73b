import { API_SCOPES, requireAdmin, toPayload } from '@lbf/service-kit';
import type { ApiKeyResolvers, MutationResolvers, QueryResolvers } from '../generated/graphql';
import type { IdentityDeps } from '../deps';
import { createApiKey, revokeApiKey } from './manage-api-keys';
import { apiKeyStatus } from './rules';
import { listApiKeys } from './store';

export function apiKeysQueries(deps: IdentityDeps): QueryResolvers {
  return {
    adminApiKeys: async (_parent, _args, ctx) => {
      requireAdmin(ctx);
      return listApiKeys(deps.ds);
    },
    adminApiScopes: (_parent, _args, ctx) => {
      requireAdmin(ctx);
      return Object.entries(API_SCOPES).map(([scope, label]) => ({ scope, label }));
    },
  };
}

export function apiKeysMutations(deps: IdentityDeps): MutationResolvers {
  return {
    adminCreateApiKey: async (_parent, args, ctx) => {
      const result = await createApiKey(deps, requireAdmin(ctx), args.input);
      if (!result.ok) return { apiKey: null, secret: null, error: result.error };
      return { apiKey: result.value.apiKey, secret: result.value.secret, error: null };
    },
    adminRevokeApiKey: async (_parent, args, ctx) => toPayload('apiKey', await revokeApiKey(deps, requireAdmin(ctx), args.input)),
  };
}

export const apiKeyFields: ApiKeyResolvers = {
  expiresAt: (k) => k.expiresAt.toISOString(),
  createdAt: (k) => k.createdAt.toISOString(),
  revokedAt: (k) => k.revokedAt?.toISOString() ?? null,
  lastUsedAt: (k) => k.lastUsedAt?.toISOString() ?? null,
  createdBy: (k, _args, ctx) => (k.createdBy ? ctx.loaders.user.load(k.createdBy) : null),
  status: (k) => apiKeyStatus(k),
};
