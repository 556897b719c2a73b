import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps, CommerceJobs } from '../deps';
import { promoMutations, promoQueries } from './resolvers';

/** Promo codes: the administrators' « Codes promo » (create, edit, deactivate, uses and revenue); checkout and settlement use its door (index.ts). */
export function promoModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({ name: 'promo', resolvers: { Query: promoQueries(deps), Mutation: promoMutations(deps) } });
}
