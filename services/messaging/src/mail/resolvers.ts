import { requireAdmin, toPayload, unwrap } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { listMailDeliveries, retryMailDelivery } from './deliveries';

/** The mail module's GraphQL: the back-office's deliveries list and retry. Administrators only. */
export function mailResolvers(deps: MessagingDeps): { Query: QueryResolvers; Mutation: MutationResolvers } {
  return {
    Query: {
      adminMailDeliveries: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return unwrap(await listMailDeliveries(deps, args));
      },
    },
    Mutation: {
      adminRetryMailDelivery: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return toPayload('delivery', await retryMailDelivery(deps, id));
      },
    },
  };
}
