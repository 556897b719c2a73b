import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import type { AccessTokenIssuer } from '../sessions/access-tokens';
import { apiKeyFields, apiKeysMutations, apiKeysQueries } from './resolvers';
import { apiKeyRoutes } from './routes';

/** API keys (issue 24): administrators create and revoke them; the gateway exchanges one for an integration token. */
export const apiKeysModule = (deps: IdentityDeps & { tokens: AccessTokenIssuer }) =>
  defineModule({
    name: 'api-keys',
    resolvers: { Query: apiKeysQueries(deps), Mutation: apiKeysMutations(deps), ApiKey: apiKeyFields },
    routes: apiKeyRoutes(deps),
  });
