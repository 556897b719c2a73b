import { requireAdmin, toPayload, unwrap } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { adminOrders, adminUserOrders, commerceStats, exportOrdersCsv } from './admin-orders';
import { adminGrantOrder, adminMarkRefunded, adminRecheckOrder } from './order-actions';

export function adminQueries(deps: CommerceDeps): Pick<QueryResolvers, 'adminOrders' | 'adminUserOrders' | 'commerceStats' | 'exportOrdersCsv'> {
  return {
    adminOrders: async (_p, args, ctx) => {
      requireAdmin(ctx);
      return unwrap(await adminOrders(deps, args.filter, args.page ?? 1, args.pageSize ?? 25));
    },
    adminUserOrders: async (_p, { userId }, ctx) => {
      requireAdmin(ctx);
      return adminUserOrders(deps, userId);
    },
    commerceStats: async (_p, _a, ctx) => {
      requireAdmin(ctx);
      return commerceStats(deps);
    },
    exportOrdersCsv: async (_p, { filter }, ctx) => {
      requireAdmin(ctx);
      return unwrap(await exportOrdersCsv(deps, filter));
    },
  };
}

export function adminMutations(deps: CommerceDeps): Pick<MutationResolvers, 'adminRecheckOrder' | 'adminGrantOrder' | 'adminMarkRefunded'> {
  return {
    adminRecheckOrder: async (_p, { orderId }, ctx) => {
      requireAdmin(ctx);
      return toPayload('order', await adminRecheckOrder(deps, orderId));
    },
    adminGrantOrder: async (_p, { input }, ctx) => {
      const admin = requireAdmin(ctx);
      return toPayload('order', await adminGrantOrder(deps, admin, input));
    },
    adminMarkRefunded: async (_p, { input }, ctx) => {
      const admin = requireAdmin(ctx);
      return toPayload('order', await adminMarkRefunded(deps, admin, input));
    },
  };
}
