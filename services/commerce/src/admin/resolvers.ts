import { adminOnly, scoped, toPayload, unwrap } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { adminOrders, adminOrdersConnection, adminUserOrders, commerceStats, exportOrdersCsv } from './admin-orders';
import { adminGrantOrder, adminMarkRefunded, adminRecheckOrder } from './order-actions';

export function adminQueries(deps: CommerceDeps): Pick<QueryResolvers, 'adminOrders' | 'adminOrdersConnection' | 'adminUserOrders' | 'commerceStats' | 'exportOrdersCsv'> {
  return {
    // An integration with orders:read reads the orders as an administrator does (issue 24).
    adminOrders: scoped('orders:read', async (args) => unwrap(await adminOrders(deps, args.filter, args.page ?? 1, args.pageSize ?? 25))),
    adminOrdersConnection: scoped('orders:read', async (args) => unwrap(await adminOrdersConnection(deps, args.filter, args))),
    adminUserOrders: adminOnly(async ({ userId }) => adminUserOrders(deps, userId)),
    commerceStats: adminOnly(() => commerceStats(deps)),
    exportOrdersCsv: adminOnly(async ({ filter }) => unwrap(await exportOrdersCsv(deps, filter))),
  };
}

export function adminMutations(deps: CommerceDeps): Pick<MutationResolvers, 'adminRecheckOrder' | 'adminGrantOrder' | 'adminMarkRefunded'> {
  return {
    adminRecheckOrder: adminOnly(async ({ orderId }, _ctx, admin) => toPayload('order', await adminRecheckOrder(deps, admin, orderId))),
    adminGrantOrder: adminOnly(async ({ input }, _ctx, admin) => toPayload('order', await adminGrantOrder(deps, admin, input))),
    adminMarkRefunded: adminOnly(async ({ input }, _ctx, admin) => toPayload('order', await adminMarkRefunded(deps, admin, input))),
  };
}
