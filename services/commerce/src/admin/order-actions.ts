import { ok, parseInput, recordAdminAction, settle as asResult, type AdminActor, type Result, type Tx } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { CommerceDeps } from '../deps';
import type { Order } from '../entities';
import type { Order as OrderGql } from '../generated/graphql';
import { findOrder, liveAttemptOf, updateOrder, viewOf } from '../orders';
import { checkAttempt, clearPaymentAlert, completeOrder, recordExchange } from '../settlement';
import { refusal, refused } from '../shared/errors';
import { ERRORS, OWN_REASONS } from '../shared/messages';
import { onGiftRefunded } from '../gifts';
import { canGrant, canMarkRefunded } from '../shared/order-state';
import { reasonInput } from './rules';
import { cancelAttempt, latestAttempt, lockOrder } from './store';

const adminView = async (deps: CommerceDeps, orderId: string) => ok((await viewOf(deps, orderId, true))!);

/** An order as the administrators' journal names it: its item and its buyer. */
const journalTarget = (order: Order) => ({ id: order.id, label: `${order.itemTitle} — ${order.buyerEmail}` });

/**
 * Asks the provider again about the latest attempt (even a finished one: a late "paid" completes the
 * order). What the answer changes commits in settle(), as any channel's; the journal entry (status
 * before and after) follows in its own transaction once the answer is applied.
 */
export async function adminRecheckOrder(deps: CommerceDeps, admin: AdminActor, orderId: string): Promise<Result<OrderGql>> {
  const latest = await latestAttempt(deps.ds.manager, orderId);
  const before = await findOrder(deps.ds.manager, orderId);
  if (!before) return refused('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field: 'orderId' });
  if (latest) await checkAttempt(deps, latest.id, { expireWhenPast: latest.status === 'pending', adminRecheck: true });
  const after = (await findOrder(deps.ds.manager, orderId)) ?? before;
  await deps.uow.run((tx) =>
    recordAdminAction(tx, admin, 'order.rechecked', journalTarget(before), { statusBefore: before.status, statusAfter: after.status, receiptNumber: after.receiptNumber }),
  );
  return adminView(deps, orderId);
}

async function lockedOrder(manager: EntityManager, orderId: string): Promise<Order> {
  const order = await lockOrder(manager, orderId);
  if (!order) throw refusal('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field: 'orderId' });
  return order;
}

/**
 * An administrator's action on one order, with its reason: in one transaction, the order locked
 * (ORDER_NOT_FOUND), refused unless `allowed` by its status, then `act`; logged and pushed to the
 * order's live feed; the admin view of the order after.
 */
async function adminOrderAction(
  deps: CommerceDeps,
  admin: AdminActor,
  raw: unknown,
  rule: { allowed(status: Order['status']): boolean; refusal: 'CANNOT_GRANT' | 'CANNOT_REFUND'; done: string; journal: 'order.granted' | 'order.refunded' },
  act: (tx: Tx, order: Order, now: Date, reason: string) => Promise<void>,
): Promise<Result<OrderGql>> {
  const input = parseInput(reasonInput, raw);
  if (!input.ok) return input;
  const { orderId, reason } = input.value;
  const done = await asResult(() =>
    deps.uow.run(async (tx) => {
      const order = await lockedOrder(tx.manager, orderId);
      if (!rule.allowed(order.status)) throw refusal(rule.refusal, ERRORS[rule.refusal]);
      const statusBefore = order.status;
      await act(tx, order, deps.now(), reason);
      await recordAdminAction(tx, admin, rule.journal, journalTarget(order), { reason, statusBefore, receiptNumber: order.receiptNumber });
    }),
  );
  if (!done.ok) return done;
  deps.log.info({ orderId, adminId: admin.userId }, rule.done);
  await deps.updates.publish(orderId);
  return adminView(deps, orderId);
}

/** Completes an order without a provider payment: receipt, purchase.completed (provider `manual`), reason and admin recorded. */
export function adminGrantOrder(deps: CommerceDeps, admin: AdminActor, raw: unknown): Promise<Result<OrderGql>> {
  const rule = { allowed: canGrant, refusal: 'CANNOT_GRANT', done: 'order granted by an administrator', journal: 'order.granted' } as const;
  return adminOrderAction(deps, admin, raw, rule, async (tx, order, now, reason) => {
    const live = await liveAttemptOf(tx.manager, order.id);
    if (live) {
      await cancelAttempt(tx.manager, live.id, OWN_REASONS.supersededByGrant, now);
      await recordExchange(tx.manager, live.id, { kind: 'admin-grant', httpStatus: null, body: { adminId: admin.userId } }, now);
    }
    await updateOrder(tx.manager, order.id, { adminActionKind: 'granted', adminActionReason: reason, adminActionAdminId: admin.userId, adminActionAt: now });
    await completeOrder(tx, order, { provider: 'manual', operatorTransactionId: null, at: now }, deps.log);
  });
}

/** Marks a completed order refunded (access removed through commerce.purchase.refunded). */
export function adminMarkRefunded(deps: CommerceDeps, admin: AdminActor, raw: unknown): Promise<Result<OrderGql>> {
  const rule = { allowed: canMarkRefunded, refusal: 'CANNOT_REFUND', done: 'order marked refunded by an administrator', journal: 'order.refunded' } as const;
  return adminOrderAction(deps, admin, raw, rule, async (tx, order, now, reason) => {
    await updateOrder(tx.manager, order.id, { status: 'refunded', adminActionKind: 'refunded', adminActionReason: reason, adminActionAdminId: admin.userId, adminActionAt: now, updatedAt: now });
    await tx.emit('commerce.purchase.refunded', {
      orderId: order.id,
      buyerId: order.buyerId,
      itemId: order.itemId,
      itemType: order.itemType,
      amountXaf: order.amountXaf,
      reason,
      adminId: admin.userId,
      refundedAt: now.toISOString(),
    });
    await clearPaymentAlert(tx, order.id, now);
    // A gift not received yet: its link is canceled.
    if (order.gift) await onGiftRefunded(tx, order.id, now);
  });
}
