import { requireAdmin, validArgs, type BaseContext } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { siteDay } from '../domain/site-day';
import { periodEnding, statisticsArgs } from '../domain/statistics';
import type { Resolvers } from '../generated/graphql';
import type { AdminAlertsChannel } from '../live/admin-alerts-channel';
import { markSaleSeen, readAdminAlerts, type AdminAlertsView } from '../store/admin-alerts';
import { readStatistics } from '../store/statistics';

export interface AdminResolverDeps {
  ds: DataSource;
  alerts: AdminAlertsChannel;
  siteTimezone: string;
}

/** The back-office's statistics and bell: administrators only, checked here on every call and subscription. */
export function adminResolvers(deps: AdminResolverDeps): Pick<Resolvers, 'Query' | 'Mutation' | 'Subscription'> {
  return {
    Mutation: {
      markSaleSeen: async (_p, { alertId }, ctx) => {
        requireAdmin(ctx);
        const closed = await markSaleSeen(deps.ds, alertId, new Date());
        if (closed) await deps.alerts.changed();
        return closed;
      },
    },
    Query: {
      adminStatistics: async (_p, args, ctx) => {
        requireAdmin(ctx);
        const { days } = validArgs(statisticsArgs, args);
        const { from, to } = periodEnding(siteDay(new Date(), deps.siteTimezone), days);
        return readStatistics(deps.ds, from, to);
      },
      adminAlerts: async (_p, _a, ctx) => {
        requireAdmin(ctx);
        return readAdminAlerts(deps.ds);
      },
    },
    Subscription: {
      adminAlerts: {
        // The role is checked when subscribing (the token came with the connection): a customer's
        // subscription fails at once and never receives a value.
        subscribe: (_p: unknown, _a: unknown, ctx: BaseContext) => {
          requireAdmin(ctx);
          return deps.alerts.bell(() => readAdminAlerts(deps.ds));
        },
        resolve: (bell: AdminAlertsView) => bell,
      },
    },
  } as Pick<Resolvers, 'Query' | 'Mutation' | 'Subscription'>;
}
