import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../deps';
import { adminMutations, adminQueries } from './resolvers';

/** The administrators' view of money: orders filtered and exported, revenue, a user's orders, re-check, grant, refund. */
export function adminModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({ name: 'admin', resolvers: { Query: adminQueries(deps), Mutation: adminMutations(deps) } });
}
