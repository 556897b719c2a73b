import { defineModule } from '@lbf/service-kit';
import type { SessionsDeps } from '../sessions';
import { accountsMutations, accountsQuery, userFields } from './resolvers';

/** Accounts: sign-up, sign-in, password reset, the User entity and its per-request read model (loaders). */
export const accountsModule = (deps: SessionsDeps) =>
  defineModule({
    name: 'accounts',
    resolvers: { Query: accountsQuery, Mutation: accountsMutations(deps), User: userFields },
  });
