import { requireUser, toPayload, unwrap, type Result } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { MutationResolvers, PaymentClaimResult, QueryResolvers } from '../generated/graphql';
import { claimPayment } from './claim-payment';
import { asCustomer } from './customer';
import { checkoutQuote, openOrder, quote } from './open-order';
import { cancelPayment, checkPayment, resendPaymentPrompt } from './payment-actions';
import { startCheckout } from './start-checkout';

/** A claim's payload: the refusal's words are also its message. */
function claimPayload(result: Result<PaymentClaimResult>): PaymentClaimResult {
  return result.ok ? result.value : { order: null, resolved: false, message: result.error.message, error: result.error };
}

export function checkoutQueries(deps: CommerceDeps): Pick<QueryResolvers, 'exchangeRate' | 'quote' | 'checkoutQuote' | 'openOrder'> {
  return {
    exchangeRate: () => ({ xafPerUsd: deps.config.usdXafRate }),
    quote: async (_p, args) => unwrap(await quote(deps, args)),
    checkoutQuote: async (_p, args, ctx) => unwrap(await checkoutQuote(deps, ctx.auth, ctx.ip, args)),
    openOrder: async (_p, args, ctx) => {
      const user = requireUser(ctx);
      return unwrap(await openOrder(deps, user, args));
    },
  };
}

export function checkoutMutations(
  deps: CommerceDeps,
): Pick<MutationResolvers, 'startCheckout' | 'checkPayment' | 'resendPaymentPrompt' | 'cancelPayment' | 'claimPayment'> {
  return {
    startCheckout: async (_p, { input }, ctx) => toPayload('order', await asCustomer(ctx, (user) => startCheckout(deps, user, input))),
    checkPayment: async (_p, { orderId }, ctx) => toPayload('order', await asCustomer(ctx, (user) => checkPayment(deps, user, orderId))),
    resendPaymentPrompt: async (_p, { orderId }, ctx) => toPayload('order', await asCustomer(ctx, (user) => resendPaymentPrompt(deps, user, orderId))),
    cancelPayment: async (_p, { orderId }, ctx) => toPayload('order', await asCustomer(ctx, (user) => cancelPayment(deps, user, orderId))),
    claimPayment: async (_p, { input }, ctx) => claimPayload(await asCustomer(ctx, (user) => claimPayment(deps, user, input))),
  };
}
