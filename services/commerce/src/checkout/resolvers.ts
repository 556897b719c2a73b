import { isAdmin, requireAdmin, requireUser, validArgs, withUserErrors, type AuthUser, type BaseContext } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import { z } from 'zod';
import { METHOD_HINTS, METHOD_LABELS } from '../domain/messages';
import { amountOf } from '../domain/money';
import { PriceListItem } from '../entities';
import type { Order as OrderGql, Resolvers } from '../generated/graphql';
import { adminGrantOrder, adminMarkRefunded, adminOrders, adminRecheckOrder, adminUserOrders, commerceStats, exportOrdersCsv } from '../operations/admin';
import {
  cancelPayment,
  checkPayment,
  notSignedIn,
  openOrder,
  resendPaymentPrompt,
  startCheckout,
  startCheckoutInput,
  viewOf,
  visibleOrder,
} from '../operations/checkout';
import { claimPayment } from '../operations/claims';
import type { CommerceDeps } from '../operations/deps';
import { orderBuyerName } from '../operations/order-buyer';
import { METHOD_OF } from '../operations/providers';
import { userResolvers } from '../operations/user-purchases';
import { validInput, UserError } from '@lbf/service-kit';

/** The signed-in customer for a mutation with a payload: signed-out is the payload's 'Utilisateur non connecté'. */
function customer(ctx: BaseContext): AuthUser {
  if (!ctx.auth) throw notSignedIn();
  return ctx.auth;
}

const itemArgs = z.object({ itemId: z.string().max(64), itemType: z.enum(['VIDEO', 'PDF']) });

export function createResolvers(deps: CommerceDeps): Resolvers {
  const checkout = <T>(run: () => Promise<T>) => withUserErrors('order', run);

  return {
    Query: {
      paymentMethods: () =>
        deps.providers.list().map((p) => ({
          method: METHOD_OF[p.name],
          label: METHOD_LABELS[p.name],
          requiresPhone: p.name !== 'notchpay',
          sandbox: p.sandbox,
          windowSeconds: Math.round(p.windowMs / 1000),
          hint: METHOD_HINTS[p.name],
        })),
      exchangeRate: () => ({ xafPerUsd: deps.config.usdXafRate }),
      quote: async (_p, args) => {
        const { itemId, itemType } = validArgs(itemArgs, args);
        if (!z.uuid().safeParse(itemId).success) return null;
        const price = await deps.ds.manager.findOne(PriceListItem, { where: { itemId } });
        if (!price || !price.forSale || price.itemType !== (itemType === 'VIDEO' ? 'video' : 'pdf')) return null;
        return amountOf(price.priceUsdCents, deps.config.usdXafRate);
      },
      order: async (_p, { id }, ctx) => {
        const user = requireUser(ctx);
        const order = await visibleOrder(deps, user, id);
        return order ? viewOf(deps, order.id, isAdmin(ctx)) : null;
      },
      openOrder: async (_p, args, ctx) => {
        const user = requireUser(ctx);
        const { itemId, itemType } = validArgs(itemArgs, args);
        return openOrder(deps, user, itemId, itemType);
      },
      adminOrders: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return adminOrders(deps, args.filter, args.page ?? 1, args.pageSize ?? 25);
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
        return exportOrdersCsv(deps, filter);
      },
    },
    Mutation: {
      startCheckout: (_p, { input }, ctx) =>
        checkout(async () => {
          const user = customer(ctx);
          return startCheckout(deps, user, validInput(startCheckoutInput, input));
        }),
      checkPayment: (_p, { orderId }, ctx) => checkout(() => checkPayment(deps, customer(ctx), orderId)),
      resendPaymentPrompt: (_p, { orderId }, ctx) => checkout(() => resendPaymentPrompt(deps, customer(ctx), orderId)),
      cancelPayment: (_p, { orderId }, ctx) => checkout(() => cancelPayment(deps, customer(ctx), orderId)),
      claimPayment: async (_p, { input }, ctx) => {
        try {
          return await claimPayment(deps, customer(ctx), input);
        } catch (err) {
          if (err instanceof UserError) return { order: null, resolved: false, message: err.message, error: err };
          throw err;
        }
      },
      adminRecheckOrder: (_p, { orderId }, ctx) => {
        requireAdmin(ctx);
        return checkout(() => adminRecheckOrder(deps, orderId));
      },
      adminGrantOrder: (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return checkout(() => adminGrantOrder(deps, admin, input));
      },
      adminMarkRefunded: (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return checkout(() => adminMarkRefunded(deps, admin, input));
      },
    },
    Subscription: {
      orderUpdated: {
        subscribe: async (_p: unknown, { orderId }: { orderId: string }, ctx: BaseContext) => {
          const user = requireUser(ctx);
          const order = await visibleOrder(deps, user, orderId);
          if (!order) throw new GraphQLError('Accès refusé', { extensions: { code: 'FORBIDDEN' } });
          const admin = user.roles.includes('admin');
          return deps.updates.stream(order.id, () => viewOf(deps, order.id, admin));
        },
        resolve: (payload: OrderGql) => payload,
      },
    },
    Order: {
      // Read only when asked (the receipt): an order's views leave it null.
      buyerName: (order) => order.buyerName ?? orderBuyerName(deps.ds.manager, order.buyerId),
    },
    User: userResolvers(deps.ds),
  } as Resolvers;
}
