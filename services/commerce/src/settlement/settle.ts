import type { Tx } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { OWN_REASONS } from '../domain/messages';
import { decideSettlement, orderAfterEnd, type Settlement } from '../domain/order-state';
import { buyerName } from '../domain/buyer-name';
import { formatReceiptNumber, receiptYear } from '../domain/receipt';
import { Order, PaymentAttempt, ProviderExchange } from '../entities';
import type { ProviderAnswer, ProviderName, ProviderOutcome } from '../providers/port';
import { clearPaymentAlert, raisePaymentAlert } from './admin-alerts';
import type { CommerceDeps } from './deps';

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
  /** Our expiry after the window without the provider's word on the attempt: the order waits for an administrator (admin-alerts.ts). */
  outcomeUnknown?: boolean;
  /** An administrator's re-check: a final answer from the provider clears the order's alert. */
  adminRecheck?: boolean;
}

export interface SettleResult {
  orderId: string;
  /** Live attempts canceled because the order got paid otherwise (their providers are told, best effort). */
  superseded?: Array<{ provider: ProviderName; reference: string; provider_reference: string | null }>;
  kind: Settlement['kind'];
  /** The attempt or the order changed (a notification went out). */
  changed: boolean;
  /** Ask again no later than this (a charge not at the provider yet, whose grace ends then). */
  askAgainInMs?: number;
}

export type Exchange = { kind: string; httpStatus: number | null; body: unknown };

/** Keeps a provider's raw answer beside its attempt (secrets are the clients' to keep out of bodies). */
export async function recordExchange(manager: EntityManager, attemptId: string, exchange: Exchange, at: Date): Promise<void> {
  await manager.insert(ProviderExchange, { attemptId, at, kind: exchange.kind, httpStatus: exchange.httpStatus, body: (exchange.body ?? null) as never });
}

async function locked<T extends Order | PaymentAttempt>(manager: EntityManager, entity: new () => T, id: string): Promise<T | null> {
  return manager.getRepository(entity).createQueryBuilder('row').setLock('pessimistic_write').where('row.id = :id', { id }).getOne() as Promise<T | null>;
}

/** Locks an attempt and its order, order first (the order every writer takes them in). */
export async function lockAttempt(manager: EntityManager, attemptId: string): Promise<{ order: Order; attempt: PaymentAttempt } | null> {
  const head = (await manager.query('SELECT order_id FROM payment_attempts WHERE id = $1', [attemptId])) as Array<{ order_id: string }>;
  if (!head.length) return null;
  const order = await locked(manager, Order, head[0]!.order_id);
  const attempt = await locked(manager, PaymentAttempt, attemptId);
  return order && attempt ? { order, attempt } : null;
}

/**
 * Completes a locked order in the caller's transaction: next receipt number of the year (counter
 * row bumped here, so numbers are sequential and never reused), status, and
 * commerce.purchase.completed through the outbox (with the buyer's name when identity gave one).
 */
export async function completeOrder(
  tx: Tx,
  order: Order,
  paid: { provider: ProviderName | 'manual'; operatorTransactionId: string | null; at: Date },
): Promise<void> {
  const year = receiptYear(paid.at);
  const [row] = (await tx.manager.query(
    `INSERT INTO receipt_counters (year, last) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1 RETURNING last`,
    [year],
  )) as Array<{ last: number }>;
  order.status = 'completed';
  order.receiptNumber = formatReceiptNumber(year, row!.last);
  order.completedAt = paid.at;
  order.updatedAt = paid.at;
  await tx.manager.update(Order, { id: order.id }, { status: 'completed', receiptNumber: order.receiptNumber, completedAt: paid.at, updatedAt: paid.at });
  await clearPaymentAlert(tx, order.id, paid.at);
  const [buyer] = (await tx.manager.query(`SELECT first_name, last_name FROM buyers WHERE user_id = $1`, [order.buyerId])) as Array<{
    first_name: string | null;
    last_name: string | null;
  }>;
  const name = buyerName(buyer?.first_name, buyer?.last_name);
  await tx.emit('commerce.purchase.completed', {
    orderId: order.id,
    receiptNumber: order.receiptNumber,
    buyerId: order.buyerId,
    buyerEmail: order.buyerEmail,
    ...(name ? { buyerName: name } : {}),
    itemId: order.itemId,
    itemType: order.itemType,
    itemTitle: order.itemTitle,
    amountUsdCents: order.amountUsdCents,
    amountXaf: order.amountXaf,
    provider: paid.provider,
    operatorTransactionId: paid.operatorTransactionId,
    completedAt: paid.at.toISOString(),
  });
}

/**
 * The one place an attempt's outcome is applied, whichever channel learnt it. Idempotent: the
 * attempt and its order are locked (SELECT … FOR UPDATE), the state machine decides, and a
 * completion (order, receipt, purchase.completed) or an end (purchase.failed) commits in one
 * transaction. A second identical answer changes nothing; a late failure after success is logged
 * and ignored. Then every instance is told the order changed (subscriptions push it).
 */
export async function settle(
  deps: Pick<CommerceDeps, 'uow' | 'log' | 'updates' | 'now'> & Partial<Pick<CommerceDeps, 'providers'>>,
  attemptId: string,
  input: SettleInput,
): Promise<SettleResult> {
  const result = await deps.uow.run(async (tx): Promise<SettleResult> => {
    const rows = await lockAttempt(tx.manager, attemptId);
    if (!rows) throw new Error(`settle: unknown attempt ${attemptId}`);
    const { order, attempt } = rows;
    const now = deps.now();
    if (input.exchange) await recordExchange(tx.manager, attempt.id, input.exchange, now);

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

    const decision = decideSettlement(attempt.status, order.status, input.outcome);
    const log = { orderId: order.id, attemptId, provider: attempt.provider, outcome: input.outcome, reasonCode: input.reasonCode ?? null };
    // The administrator asked and the provider answered for good: nothing is left to reconcile.
    if (input.adminRecheck && input.outcome !== 'pending' && !input.unanswered) await clearPaymentAlert(tx, order.id, now);
    switch (decision.kind) {
      case 'complete': {
        Object.assign(patch, { status: 'completed', settledAt: now, failureCode: null });
        if (input.operatorTransactionId) patch.operatorTransactionId = input.operatorTransactionId;
        await tx.manager.update(PaymentAttempt, { id: attempt.id }, patch);
        // A late "paid" on an earlier attempt while a newer one is live: the newer one must not charge again.
        const [superseded] = (await tx.manager.query(
          `UPDATE payment_attempts SET status = 'canceled', failure_code = $3, settled_at = $2
            WHERE order_id = $1 AND status = 'pending' AND id <> $4 RETURNING id, provider, reference, provider_reference`,
          [order.id, now, OWN_REASONS.supersededByPayment, attempt.id],
        )) as [Array<{ id: string; provider: ProviderName; reference: string; provider_reference: string | null }>, number];
        if (superseded.length) deps.log.warn({ ...log, canceled: superseded.map((r) => r.id) }, 'a newer live attempt was canceled: the order is paid');
        await completeOrder(tx, order, { provider: attempt.provider, operatorTransactionId: input.operatorTransactionId ?? attempt.operatorTransactionId, at: now });
        deps.log.info({ ...log, receiptNumber: order.receiptNumber }, 'order completed');
        return { orderId: order.id, kind: decision.kind, changed: true, superseded };
      }
      case 'paid-twice': {
        Object.assign(patch, { status: 'completed', settledAt: now, failureCode: null });
        if (input.operatorTransactionId) patch.operatorTransactionId = input.operatorTransactionId;
        await tx.manager.update(PaymentAttempt, { id: attempt.id }, patch);
        deps.log.error(log, 'provider took money for an order already completed: refund it');
        return { orderId: order.id, kind: decision.kind, changed: true };
      }
      case 'end': {
        Object.assign(patch, { status: decision.attempt, settledAt: now, failureCode: input.reasonCode ?? null });
        await tx.manager.update(PaymentAttempt, { id: attempt.id }, patch);
        const next = orderAfterEnd(order.status, decision.order);
        if (next !== order.status) {
          await tx.manager.update(Order, { id: order.id }, { status: next, updatedAt: now });
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
          deps.log.warn(log, 'attempt expired without the provider\'s word: waits for an administrator');
        }
        deps.log.info(log, `attempt ${decision.attempt}`);
        return { orderId: order.id, kind: decision.kind, changed: true };
      }
      case 'ignored-late':
        deps.log.warn({ ...log, attemptStatus: attempt.status }, 'late provider answer after completion ignored');
        break;
      case 'unchanged':
        break;
    }
    if (input.operatorTransactionId && !attempt.operatorTransactionId && attempt.status !== 'completed') patch.operatorTransactionId = input.operatorTransactionId;
    await tx.manager.update(PaymentAttempt, { id: attempt.id }, patch);
    return { orderId: order.id, kind: decision.kind, changed };
  });
  if (result.changed) await deps.updates.publish(result.orderId);
  for (const live of result.superseded ?? []) {
    await deps.providers
      ?.get(live.provider)
      ?.cancel?.({ reference: live.reference, providerReference: live.provider_reference })
      .catch((err: unknown) => deps.log.warn({ err: String(err), reference: live.reference }, 'could not cancel a superseded attempt at the provider'));
  }
  return result;
}
