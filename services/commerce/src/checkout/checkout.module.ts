import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../deps';
import { checkoutMutations, checkoutQueries } from './resolvers';

/** The customer's side of paying: quote, Payer, Vérifier, Renvoyer, Annuler, resume, and « J'ai payé mais je n'ai pas accès ». */
export function checkoutModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({
    name: 'checkout',
    resolvers: { Query: checkoutQueries(deps), Mutation: checkoutMutations(deps) },
  });
}
