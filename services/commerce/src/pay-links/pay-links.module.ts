import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps, CommerceJobs } from '../deps';
import { payLinkSubscriptions } from './live';
import { payLinkMutations, payLinkQueries } from './resolvers';

/** « Payer pour moi »: a signed-in customer's link for someone else to pay an item (7 days, one payment), and its public page's query and payment, and the requester's live word that one was paid (`myPayLinksPaid`). */
export function payLinksModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({ name: 'pay-links', resolvers: { Query: payLinkQueries(deps), Mutation: payLinkMutations(deps), Subscription: payLinkSubscriptions(deps) } });
}
