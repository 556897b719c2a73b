import { adminOnly, toPayload, unwrap } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, QueryResolvers } from '../generated/graphql';
import { adminOrders, adminUserOrders, commerceStats, exportOrdersCsv } from './admin-orders';
import { adminGrantOrder, adminMarkRefunded, adminRecheckOrder } from './order-actions';

export function adminQueries(deps: CommerceDeps): Pick<QueryResolvers, 'adminOrders' | 'adminUserOrders' | 'commerceStats' | 'exportOrdersCsv'> {
  return {
    adminOrders: adminOnly(async (args) => unwrap(await adminOrders(deps, args.filter, args.page ?? 1, args.pageSize ?? 25))),
    adminUserOrders: adminOnly(async ({ userId }) => adminUserOrders(deps, userId)),
    commerceStats: adminOnly(() => commerceStats(deps)),
    exportOrdersCsv: adminOnly(async ({ filter }) => unwrap(await exportOrdersCsv(deps, filter))),
  };
}

export function adminMutations(deps: CommerceDeps): Pick<MutationResolvers, 'adminRecheckOrder' | 'adminGrantOrder' | 'adminMarkRefunded'> {
  return {
    adminRecheckOrder: adminOnly(async ({ orderId }) => toPayload('order', await adminRecheckOrder(deps, orderId))),
    adminGrantOrder: adminOnly(async ({ input }, _ctx, admin) => toPayload('order', await adminGrantOrder(deps, admin, input))),
    adminMarkRefunded: adminOnly(async ({ input }, _ctx, admin) => toPayload('order', await adminMarkRefunded(deps, admin, input))),
  };
}
