import { adminOnly, toPayload, unwrap } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { listMailDeliveries, retryMailDelivery } from './deliveries';

/** The mail module's GraphQL: the back-office's deliveries list and retry. Administrators only. */
export function mailResolvers(deps: MessagingDeps): { Query: QueryResolvers; Mutation: MutationResolvers } {
  return {
    Query: {
      adminMailDeliveries: adminOnly(async (args) => unwrap(await listMailDeliveries(deps, args))),
    },
    Mutation: {
      adminRetryMailDelivery: adminOnly(async ({ id }, _ctx, admin) => toPayload('delivery', await retryMailDelivery(deps, admin, id))),
    },
  };
}
