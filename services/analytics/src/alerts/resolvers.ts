import { adminOnly, requireAdmin, unwrap, type BaseContext } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers } from '../generated/graphql';
import { markSaleSeen, readBell, type BellDeps } from './bell';
import { readAdminAlerts, type AdminAlertsView } from './store';

/** The back-office's bell: administrators only, checked here on every call and subscription. */
export function alertsResolvers(deps: BellDeps): {
  Query: QueryResolvers;
  Mutation: MutationResolvers;
  Subscription: SubscriptionResolvers;
} {
  return {
    Query: {
      adminAlerts: adminOnly(async (_a) => unwrap(await readBell(deps))),
    },
    Mutation: {
      markSaleSeen: adminOnly(async ({ alertId }) => unwrap(await markSaleSeen(deps, alertId))),
    },
    Subscription: {
      adminAlerts: {
        // The role is checked when subscribing (the token came with the connection): a customer's
        // subscription fails at once and never receives a value.
        subscribe: (_p: unknown, _a: unknown, ctx: BaseContext) => {
          requireAdmin(ctx);
          return deps.channel.bell(() => readAdminAlerts(deps.ds));
        },
        resolve: (bell: AdminAlertsView) => bell,
      },
    },
  };
}
