import { ok, type AuthUser, type Result } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { Order, PaymentAttempt } from '../entities';
import type { Order as OrderGql } from '../generated/graphql';
import { liveAttemptOf, viewOf, visibleOrder } from '../orders';
import { ProviderRejected, ProviderUnavailable, type PaymentProvider } from '../providers';
import { answerInput, askProvider, checkAttempt, recordExchange, settle } from '../settlement';
import { refused } from '../shared/errors';
import { ERRORS, OWN_REASONS, TEXT } from '../shared/messages';

const isAdmin = (user: AuthUser) => user.roles.includes('admin');

/** The order (its buyer or an administrator) and its live attempt, or the refusal. */
async function ownOrder(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Result<{ order: Order; live: PaymentAttempt | null }>> {
  const order = await visibleOrder(deps, user, orderId);
  if (!order) return refused('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field: 'orderId' });
  return ok({ order, live: await liveAttemptOf(deps.ds.manager, order.id) });
}

/** The order's live attempt and its provider's client, for acting on the payment under way; refused when none is. */
async function livePayment(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Result<{ order: Order; live: PaymentAttempt; provider: PaymentProvider | null }>> {
  const own = await ownOrder(deps, user, orderId);
  if (!own.ok) return own;
  const { order, live } = own.value;
  if (!live) return refused('NO_LIVE_ATTEMPT', ERRORS.NO_LIVE_ATTEMPT);
  return ok({ order, live, provider: deps.providers.get(live.provider) });
}

const viewFor = async (deps: CommerceDeps, user: AuthUser, orderId: string) => ok((await viewOf(deps, orderId, isAdmin(user)))!);

/** "Vérifier": asks the provider about the live attempt and settles it. */
export async function checkPayment(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Result<OrderGql>> {
  const own = await ownOrder(deps, user, orderId);
  if (!own.ok) return own;
  if (own.value.live) await checkAttempt(deps, own.value.live.id, { expireWhenPast: true });
  return viewFor(deps, user, own.value.order.id);
}

/** "Renvoyer la demande" (Orange mp/push). */
export async function resendPaymentPrompt(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Result<OrderGql>> {
  const payment = await livePayment(deps, user, orderId);
  if (!payment.ok) return payment;
  const { order, live, provider } = payment.value;
  if (!provider?.resend) return refused('RESEND_UNSUPPORTED', ERRORS.RESEND_UNSUPPORTED);
  try {
    const answer = await provider.resend({ reference: live.reference, providerReference: live.providerReference });
    await settle(deps, live.id, answerInput(answer));
  } catch (err) {
    if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) {
      await deps.uow.run(({ manager }) => recordExchange(manager, live.id, err.exchange ?? { kind: 'resend', httpStatus: null, body: { error: err.message } }, deps.now()));
      return refused('PROVIDER_ERROR', TEXT.processingFailed);
    }
    throw err;
  }
  return viewFor(deps, user, order.id);
}

/** Gives up the live attempt: the provider is told where it can be (NotchPay), the attempt ends canceled. */
export async function cancelPayment(deps: CommerceDeps, user: AuthUser, orderId: string): Promise<Result<OrderGql>> {
  const payment = await livePayment(deps, user, orderId);
  if (!payment.ok) return payment;
  const { order, live, provider } = payment.value;
  let exchange = { kind: 'cancel', httpStatus: null as number | null, body: { by: 'customer' } as unknown };
  if (provider?.cancel) {
    try {
      await provider.cancel({ reference: live.reference, providerReference: live.providerReference });
    } catch (err) {
      exchange = { kind: 'cancel', httpStatus: null, body: { by: 'customer', providerError: (err as Error).message } };
    }
  }
  // If the customer had in fact just paid, the provider says so and the order completes instead.
  const before = await askProvider(deps, live);
  if (before.outcome === 'completed') await settle(deps, live.id, before);
  else await settle(deps, live.id, { outcome: 'canceled', reasonCode: OWN_REASONS.canceledByCustomer, exchange });
  return viewFor(deps, user, order.id);
}
