import { parseCarrier, tracingOn, withSpanFrom, type Tx } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { Order, PaymentAttempt } from '../entities';
import { buyerEmailOf, buyerNameOf } from '../feeds';
import { updateAttempt, updateOrder } from '../orders';
import type { ProviderAnswer, ProviderName, ProviderOutcome } from '../providers';
import { OWN_REASONS } from '../shared/messages';
import { linkPayerOfOrder, payLinkNudgeKey } from '../pay-links';
import { confirmPromo, releasePromo } from '../promo';
import { onGiftPaid } from '../gifts';
import type { Logger } from '@lbf/service-kit';
import { decideSettlement, orderAfterEnd, type Settlement } from '../shared/order-state';
import { clearPaymentAlert, raisePaymentAlert } from './alerts';
import { formatReceiptNumber, lateAnswer, receiptYear } from './rules';
import { attemptTraceContext, cancelOtherLiveAttempts, lockAttempt, nextReceiptSequence, recordExchange, type SupersededAttempt } from './store';

/** What one channel (webhook nudge, poller, "Vérifier", claim, admin re-check, our expiry) learnt. */
export interface SettleInput {
  outcome: ProviderOutcome;
  providerReference?: string | null;
  operatorTransactionId?: string | null;
  reasonCode?: string | null;
  authorizationUrl?: string | null;
  exchange?: ProviderAnswer['exchange'] | null;
  /** The provider could not be asked (unreachable, refused, not configured): `outcome` is then our 'pending'. */
  unanswered?: boolean;
  /** The provider has no request for our reference: the charge never reached it (attempts.ts `recoverUnsentCharge`). */
  notAtProvider?: boolean;
  /** Our expiry after the window without the provider's word on the attempt: the order waits for an administrator (alerts.ts). */
  outcomeUnknown?: boolean;
  /** An administrator's re-check: a final answer from the provider clears the order's alert. */
  adminRecheck?: boolean;
}

export interface SettleResult {
  orderId: string;
  /** Live attempts canceled because the order got paid otherwise (their providers are told, best effort). */
  superseded?: SupersededAttempt[];
  kind: Settlement['kind'];
  /** The attempt or the order changed (a notification went out). */
  changed: boolean;
  /** Ask again no later than this (a charge not at the provider yet, whose grace ends then). */
  askAgainInMs?: number;
  /** Paid through a « Payer pour moi » link: the requester, told live once this commits. */
  payLinkRequester?: string;
}

type SettleDeps = Pick<CommerceDeps, 'uow' | 'log' | 'updates' | 'now'> & Partial<Pick<CommerceDeps, 'providers'>>;

/**
 * Completes a locked order in the caller's transaction: next receipt number of the year (counter
 * row bumped here, so numbers are sequential and never reused), status, its promo code's use made final, and
 * commerce.purchase.completed through the outbox (with the buyer's name when identity gave one).
 */
export async function completeOrder(
  tx: Tx,
  order: Order,
  paid: { provider: ProviderName | 'manual'; operatorTransactionId: string | null; at: Date },
  log: Pick<Logger, 'warn'>,
): Promise<{ throughLink: boolean }> {
  const year = receiptYear(paid.at);
  order.status = 'completed';
  order.receiptNumber = formatReceiptNumber(year, await nextReceiptSequence(tx.manager, year));
  order.completedAt = paid.at;
  order.updatedAt = paid.at;
  await updateOrder(tx.manager, order.id, { status: 'completed', receiptNumber: order.receiptNumber, completedAt: paid.at, updatedAt: paid.at });
  await clearPaymentAlert(tx, order.id, paid.at);
  if (order.promoCodeId) await confirmPromo(tx.manager, order.id, paid.at, log);
  const name = await buyerNameOf(tx.manager, order.buyerId);
  // Paid by someone else through the buyer's « Payer pour moi » link: messaging tells both.
  const link = await linkPayerOfOrder(tx.manager, order.id);
  await tx.emit('commerce.purchase.completed', {
    orderId: order.id,
    receiptNumber: order.receiptNumber,
    buyerId: order.buyerId,
    buyerEmail: await buyerEmailOf(tx.manager, order),
    ...(name ? { buyerName: name } : {}),
    itemId: order.itemId,
    itemType: order.itemType,
    itemTitle: order.itemTitle,
    amountUsdCents: order.amountUsdCents,
    amountXaf: order.amountXaf,
    ...(order.gift ? { gift: true } : {}),
    ...(order.promoCode ? { promo: { code: order.promoCode, discountXaf: order.discountXaf, discountUsdCents: order.discountUsdCents } } : {}),
    ...(link ? { payLink: link } : {}),
    provider: paid.provider,
    operatorTransactionId: paid.operatorTransactionId,
    completedAt: paid.at.toISOString(),
  });
  // « Offrir »: the recipient named by e-mail is sent the claim link (the buyer is not given the item).
  if (order.gift) await onGiftPaid(tx, order, paid.at);
  return { throughLink: link !== null };
}

/** One answer being applied in its transaction: the locked rows, the attempt's patch so far, what to log. */
interface Applying {
  tx: Tx;
  deps: SettleDeps;
  order: Order;
  attempt: PaymentAttempt;
  input: SettleInput;
  patch: Partial<PaymentAttempt>;
  now: Date;
  log: Record<string, unknown>;
}

async function complete(a: Applying, kind: 'complete'): Promise<SettleResult> {
  const { tx, order, attempt, input, patch, now } = a;
  Object.assign(patch, { status: 'completed', settledAt: now, failureCode: null });
  if (input.operatorTransactionId) patch.operatorTransactionId = input.operatorTransactionId;
  await updateAttempt(tx.manager, attempt.id, patch);
  const superseded = await cancelOtherLiveAttempts(tx.manager, order.id, attempt.id, OWN_REASONS.supersededByPayment, now);
  if (superseded.length) a.deps.log.warn({ ...a.log, canceled: superseded.map((r) => r.id) }, 'a newer live attempt was canceled: the order is paid');
  const { throughLink } = await completeOrder(tx, order, { provider: attempt.provider, operatorTransactionId: input.operatorTransactionId ?? attempt.operatorTransactionId, at: now }, a.deps.log);
  a.deps.log.info({ ...a.log, receiptNumber: order.receiptNumber }, 'order completed');
  return { orderId: order.id, kind, changed: true, superseded, ...(throughLink ? { payLinkRequester: order.buyerId } : {}) };
}

async function paidTwice(a: Applying, kind: 'paid-twice'): Promise<SettleResult> {
  Object.assign(a.patch, { status: 'completed', settledAt: a.now, failureCode: null });
  if (a.input.operatorTransactionId) a.patch.operatorTransactionId = a.input.operatorTransactionId;
  await updateAttempt(a.tx.manager, a.attempt.id, a.patch);
  a.deps.log.error(a.log, 'provider took money for an order already completed: refund it');
  return { orderId: a.order.id, kind, changed: true };
}

async function end(a: Applying, decision: Extract<Settlement, { kind: 'end' }>): Promise<SettleResult> {
  const { tx, order, attempt, input, now } = a;
  Object.assign(a.patch, { status: decision.attempt, settledAt: now, failureCode: input.reasonCode ?? null });
  await updateAttempt(tx.manager, attempt.id, a.patch);
  // The attempt ended without money: the use of its code it held goes back (paid after all, it is counted again).
  await releasePromo(tx.manager, order.id, now);
  const next = orderAfterEnd(order.status, decision.order);
  if (next !== order.status) {
    await updateOrder(tx.manager, order.id, { status: next, updatedAt: now });
    await tx.emit('commerce.purchase.failed', {
      orderId: order.id,
      attemptId: attempt.id,
      buyerId: order.buyerId,
      itemId: order.itemId,
      itemType: order.itemType,
      amountXaf: order.amountXaf,
      provider: attempt.provider,
      outcome: decision.attempt,
      reasonCode: input.reasonCode ?? null,
      failedAt: now.toISOString(),
    });
  }
  if (input.outcomeUnknown && (await raisePaymentAlert(tx, order.id, 'outcome-unknown', now))) {
    a.deps.log.warn(a.log, 'attempt expired without the provider\'s word: waits for an administrator');
  }
  a.deps.log.info(a.log, `attempt ${decision.attempt}`);
  return { orderId: order.id, kind: decision.kind, changed: true };
}

/** The attempt's patch from what the answer says besides its outcome (references learnt). */
function referencesPatch(attempt: PaymentAttempt, input: SettleInput, now: Date): { patch: Partial<PaymentAttempt>; changed: boolean } {
  const patch: Partial<PaymentAttempt> = { lastCheckedAt: now };
  let changed = false;
  if (input.providerReference && input.providerReference !== attempt.providerReference) {
    patch.providerReference = input.providerReference;
    changed = true;
  }
  if (input.authorizationUrl && input.authorizationUrl !== attempt.authorizationUrl) {
    patch.authorizationUrl = input.authorizationUrl;
    changed = true;
  }
  return { patch, changed };
}

async function apply(tx: Tx, deps: SettleDeps, attemptId: string, input: SettleInput): Promise<SettleResult> {
  const rows = await lockAttempt(tx.manager, attemptId);
  if (!rows) throw new Error(`settle: unknown attempt ${attemptId}`);
  const { order, attempt } = rows;
  const now = deps.now();
  if (input.exchange) await recordExchange(tx.manager, attempt.id, input.exchange, now);
  const { patch, changed } = referencesPatch(attempt, input, now);
  const decision = decideSettlement(attempt.status, order.status, input.outcome);
  const log = { orderId: order.id, attemptId, provider: attempt.provider, outcome: input.outcome, reasonCode: input.reasonCode ?? null };
  // The administrator asked and the provider answered for good: nothing is left to reconcile.
  if (input.adminRecheck && input.outcome !== 'pending' && !input.unanswered) await clearPaymentAlert(tx, order.id, now);
  const applying: Applying = { tx, deps, order, attempt, input, patch, now, log };
  switch (decision.kind) {
    case 'complete':
      return complete(applying, decision.kind);
    case 'paid-twice':
      return paidTwice(applying, decision.kind);
    case 'end':
      return end(applying, decision);
    case 'ignored-late':
      deps.log.warn({ ...log, attemptStatus: attempt.status }, 'late provider answer after completion ignored');
      break;
    case 'unchanged': {
      // What the provider said after we ended the attempt at its window's end: health stops calling it unknown.
      const late = lateAnswer(attempt, input);
      if (late) patch.lateAnswer = late;
      break;
    }
  }
  if (input.operatorTransactionId && !attempt.operatorTransactionId && attempt.status !== 'completed') patch.operatorTransactionId = input.operatorTransactionId;
  await updateAttempt(tx.manager, attempt.id, patch);
  return { orderId: order.id, kind: decision.kind, changed };
}

/**
 * The one place an attempt's outcome is applied, whichever channel learnt it. Idempotent: the
 * attempt and its order are locked (SELECT … FOR UPDATE), the state machine decides, and a
 * completion (order, receipt, purchase.completed) or an end (purchase.failed) commits in one
 * transaction. A second identical answer changes nothing; a late failure after success is logged
 * and ignored. Then every instance is told the order changed (subscriptions push it).
 */
export async function settle(deps: SettleDeps, attemptId: string, input: SettleInput): Promise<SettleResult> {
  // In the trace of the checkout that started the attempt (linked to the channel's), so one purchase is one trace.
  const checkout = tracingOn() ? parseCarrier(await attemptTraceContext(deps.uow.ds.manager, attemptId)) : null;
  const result = await withSpanFrom(checkout, 'settle payment attempt', { attributes: { 'lbf.attempt.id': attemptId, 'lbf.payment.outcome': input.outcome } }, () =>
    deps.uow.run((tx) => apply(tx, deps, attemptId, input)),
  );
  if (result.changed) await deps.updates.publish(result.orderId);
  if (result.payLinkRequester) await deps.updates.publish(payLinkNudgeKey(result.payLinkRequester));
  for (const live of result.superseded ?? []) {
    await deps.providers
      ?.get(live.provider)
      ?.cancel?.({ reference: live.reference, providerReference: live.provider_reference })
      .catch((err: unknown) => deps.log.warn({ err: String(err), reference: live.reference }, 'could not cancel a superseded attempt at the provider'));
  }
  return result;
}
