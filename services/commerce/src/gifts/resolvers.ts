import { requireUser, toPayload } from '@lbf/service-kit';
import { asCustomer } from '../checkout/customer';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, OrderResolvers, QueryResolvers } from '../generated/graphql';
import { claimGift, giftLink } from './claim';
import { myGifts, resendGift } from './resend';
import { giftOfOrder } from './store';
import { giftView } from './views';

export function giftQueries(deps: CommerceDeps): Pick<QueryResolvers, 'giftLink' | 'myGifts'> {
  return {
    giftLink: async (_p, { token }, ctx) => giftLink(deps, token, ctx.auth),
    myGifts: async (_p, _a, ctx) => myGifts(deps, requireUser(ctx)),
  };
}

export function giftMutations(deps: CommerceDeps): Pick<MutationResolvers, 'claimGift' | 'resendGift'> {
  return {
    claimGift: async (_p, { token }, ctx) => toPayload('gift', await asCustomer(ctx, (user) => claimGift(deps, user, token))),
    resendGift: async (_p, { giftId }, ctx) => {
      const result = await asCustomer(ctx, (user) => resendGift(deps, user, giftId));
      return result.ok ? { ...result.value, error: null } : { gift: null, url: null, error: result.error };
    },
  };
}

/** Order.gift: the order is already its buyer's or an administrator's to see. */
export function giftOrderFields(deps: CommerceDeps): Pick<OrderResolvers, 'gift'> {
  return {
    gift: async (order) => {
      const gift = await giftOfOrder(deps.ds.manager, order.id);
      return gift ? giftView(gift) : null;
    },
  };
}
