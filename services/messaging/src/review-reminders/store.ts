import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';

/*
 * The review reminders room's one door to the database: `review_reminders`, one row per order,
 * settled once (mailed, or why not).
 */

type Sql = Pick<EntityManager, 'query'>;
export type ReminderOutcome = 'mailed' | 'reviewed' | 'refunded' | 'suppressed' | 'unknown_user';

export interface DueReminder {
  order_id: string;
  user_id: string;
  item_id: string;
  item_type: 'video' | 'pdf';
  item_title: string;
}

/** A completed order's reminder, due at `dueAt`; a redelivered event changes nothing. */
export async function scheduleReminder(
  manager: Sql,
  r: { orderId: string; userId: string; itemId: string; itemType: 'video' | 'pdf'; itemTitle: string; dueAt: Date },
): Promise<void> {
  await manager.query(
    `INSERT INTO review_reminders (order_id, user_id, item_id, item_type, item_title, due_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (order_id) DO NOTHING`,
    [r.orderId, r.userId, r.itemId, r.itemType, r.itemTitle, r.dueAt],
  );
}

/**
 * A refunded order's reminder is settled, not mailed. Written even when the completion has not
 * arrived yet (the two events come through separate durables, in either order): the late
 * completion's insert then does nothing.
 */
export async function settleRefunded(manager: Sql, r: { orderId: string; userId: string; itemId: string; itemType: 'video' | 'pdf' }, at: Date): Promise<void> {
  await manager.query(
    `INSERT INTO review_reminders (order_id, user_id, item_id, item_type, item_title, due_at, settled_at, outcome)
     VALUES ($1, $2, $3, $4, '', $5, $5, 'refunded')
     ON CONFLICT (order_id) DO UPDATE SET settled_at = COALESCE(review_reminders.settled_at, EXCLUDED.settled_at),
       outcome = COALESCE(review_reminders.outcome, EXCLUDED.outcome)`,
    [r.orderId, r.userId, r.itemId, r.itemType, at],
  );
}

/** The buyer reviewed the item: their pending reminders about it are settled. */
export async function settleReviewed(manager: Sql, userId: string, itemId: string, at: Date): Promise<number> {
  const rows = await queryRows(
    manager,
    `UPDATE review_reminders SET settled_at = $3, outcome = 'reviewed' WHERE user_id = $1 AND item_id = $2 AND settled_at IS NULL RETURNING order_id`,
    [userId, itemId, at],
  );
  return rows.length;
}

/** Up to `limit` reminders due by `now`, locked for this sweep (another replica's sweep skips them). */
export async function claimDue(manager: Sql, now: Date, limit: number): Promise<DueReminder[]> {
  return queryRows<DueReminder>(
    manager,
    `SELECT order_id, user_id, item_id, item_type, item_title FROM review_reminders
      WHERE settled_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
}

export async function settleReminder(manager: Sql, orderId: string, outcome: ReminderOutcome, at: Date): Promise<void> {
  await manager.query('UPDATE review_reminders SET settled_at = $2, outcome = $3 WHERE order_id = $1 AND settled_at IS NULL', [orderId, at, outcome]);
}

/** Whether the address is on the suppression list (unsubscribed, bounced, or an erased account's). */
export async function isSuppressed(manager: Sql, emailHash: string): Promise<boolean> {
  return (await queryRows(manager, 'SELECT 1 FROM suppressions WHERE email_hash = $1', [emailHash])).length > 0;
}

/** An erased account's reminders (issue 23): they go. */
export async function deleteRemindersOf(manager: Sql, userId: string): Promise<number> {
  return (await queryRows(manager, 'DELETE FROM review_reminders WHERE user_id = $1 RETURNING order_id', [userId])).length;
}
