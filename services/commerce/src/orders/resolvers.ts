import { forbidden, isAdmin, requireUser } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import { buyerNameOf } from '../feeds';
import type { Order as OrderGql, OrderResolvers, QueryResolvers, SubscriptionResolvers } from '../generated/graphql';
import { viewOf, visibleOrder } from './read';

export function orderQueries(deps: CommerceDeps): Pick<QueryResolvers, 'order'> {
  return {
    order: async (_p, { id }, ctx) => {
      const user = requireUser(ctx);
      const order = await visibleOrder(deps, user, id);
      return order ? viewOf(deps, order.id, isAdmin(ctx)) : null;
    },
  };
}

export function orderSubscriptions(deps: CommerceDeps): Pick<SubscriptionResolvers, 'orderUpdated'> {
  return {
    orderUpdated: {
      subscribe: async (_p, { orderId }, ctx) => {
        const user = requireUser(ctx);
        const order = await visibleOrder(deps, user, orderId);
        if (!order) throw forbidden();
        const admin = user.roles.includes('admin');
        return deps.updates.stream(order.id, () => viewOf(deps, order.id, admin));
      },
      resolve: (payload: OrderGql) => payload,
    },
  };
}

export function orderFields(deps: CommerceDeps): Pick<OrderResolvers, 'buyerName'> {
  return {
    // Read only when asked (the receipt): an order's views leave it null.
    buyerName: (order) => order.buyerName ?? buyerNameOf(deps.ds.manager, order.buyerId),
  };
}
