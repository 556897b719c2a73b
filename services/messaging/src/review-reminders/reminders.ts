import { afterCommit } from '@lbf/service-kit';
import type { EventData } from '@lbf/proto-events';
import type { EntityManager } from 'typeorm';
import { dispatchMail, lockAddress, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { suppressionHash } from '../shared/email';
import { findUser } from '../users';
import { claimDue, isSuppressed, scheduleReminder, settleRefunded, settleReminder, settleReviewed, type DueReminder, type ReminderOutcome } from './store';

/** Reminders mailed per sweep transaction, at most (the next sweep takes the rest). */
export const REMINDERS_PER_SWEEP = 100;

/** commerce.purchase.completed: the order's reminder, due REVIEW_REMINDER_DELAY after the purchase. */
export async function scheduleOnPurchase(deps: Pick<MessagingDeps, 'config'>, manager: EntityManager, d: EventData<'commerce.purchase.completed'>): Promise<void> {
  // A gift is not the buyer's to review.
  if (d.gift) return;
  const dueAt = new Date(new Date(d.completedAt).getTime() + deps.config.reviewReminderDelayMs);
  await scheduleReminder(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType, itemTitle: d.itemTitle, dueAt });
}

/** commerce.purchase.refunded: no reminder for a refunded order. */
export function cancelOnRefund(deps: Pick<MessagingDeps, 'now'>, manager: EntityManager, d: EventData<'commerce.purchase.refunded'>): Promise<void> {
  return settleRefunded(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType }, deps.now());
}

/** catalogue.review.submitted: the buyer already said what they thought; no reminder about that item. */
export async function cancelOnReview(deps: Pick<MessagingDeps, 'now'>, manager: EntityManager, d: EventData<'catalogue.review.submitted'>): Promise<void> {
  await settleReviewed(manager, d.userId, d.itemId, deps.now());
}

/** What becomes of one due reminder: mailed (its delivery's id), or why not. */
async function remindOne(manager: EntityManager, r: DueReminder): Promise<{ outcome: ReminderOutcome; deliveryId: string | null }> {
  const user = await findUser(manager, r.user_id);
  if (!user) return { outcome: 'unknown_user', deliveryId: null };
  // Serialised with an erasure or a suppression of the same address (the mail module's lock).
  await lockAddress(manager, user.email);
  if (await isSuppressed(manager, suppressionHash(user.email))) return { outcome: 'suppressed', deliveryId: null };
  const deliveryId = await queueMail(manager, {
    purpose: 'review_reminder',
    dedupeKey: r.order_id,
    to: user.email,
    subject: `Qu’avez-vous pensé de « ${r.item_title} » ?`,
    data: { firstName: user.firstName, itemId: r.item_id, itemType: r.item_type, itemTitle: r.item_title },
  });
  return { outcome: 'mailed', deliveryId };
}

/**
 * `remind-reviews` (every REVIEW_REMINDER_SWEEP_MS): the reminders due are claimed, each settled once
 * in the transaction that queues its mail (one per order: the delivery's dedupe key is the order),
 * not to a suppressed address nor to someone messaging does not know (any more: an erased account's
 * rows are gone). What a crash interrupts is claimed again by the next sweep; the rows are in
 * Postgres, so restarts lose nothing.
 */
export async function remindReviews(deps: MessagingDeps): Promise<Record<ReminderOutcome, number>> {
  const counts: Record<ReminderOutcome, number> = { mailed: 0, reviewed: 0, refunded: 0, suppressed: 0, unknown_user: 0 };
  await deps.uow.run(async (tx) => {
    const now = deps.now();
    const ids: string[] = [];
    for (const r of await claimDue(tx.manager, now, REMINDERS_PER_SWEEP)) {
      const { outcome, deliveryId } = await remindOne(tx.manager, r);
      await settleReminder(tx.manager, r.order_id, outcome, now);
      if (deliveryId) ids.push(deliveryId);
      counts[outcome]++;
    }
    if (ids.length) await afterCommit(tx.manager, () => dispatchMail(deps, ids));
  });
  if (counts.mailed + counts.suppressed + counts.unknown_user) deps.log.info(counts, 'review reminders');
  return counts;
}
