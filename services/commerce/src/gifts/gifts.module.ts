import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps, CommerceJobs } from '../deps';
import { giftMutations, giftOrderFields, giftQueries } from './resolvers';

/**
 * « Offrir »: an item paid for someone else (the checkout's gift order), its one-time claim link
 * (/cadeau/{token}, stored hashed; mailed to an e-mail recipient, shown to the buyer for a phone),
 * the claim (the item to the claimer, once, through commerce.gift.claimed), « Mes cadeaux » and
 * « Renvoyer », and the order's gift for administrators.
 */
export function giftsModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({
    name: 'gifts',
    resolvers: { Query: giftQueries(deps), Mutation: giftMutations(deps), Order: giftOrderFields(deps) },
  });
}
