import type { EntityManager } from 'typeorm';

/** The pay-link-mails room's door to the database (the mail module's tables, in SQL). */

/** The address (by its hash) is on the suppression list, whatever the reason (unsubscribed, bounced, erased). */
export async function isSuppressed(manager: EntityManager, emailHash: string): Promise<boolean> {
  return ((await manager.query('SELECT 1 FROM suppressions WHERE email_hash = $1', [emailHash])) as unknown[]).length > 0;
}

/**
 * An erased requester: the payers' receipts of their links lose what they said of them (content
 * cleared; one still queued is never sent). The rows stay, as every delivery row does.
 */
export async function forgetRequesterInReceipts(manager: EntityManager, requesterId: string): Promise<number> {
  const rows = (await manager.query(
    `UPDATE mail_deliveries SET data = '{}'::jsonb, updated_at = now(), status = CASE WHEN status = 'queued' THEN 'suppressed' ELSE status END
      WHERE purpose = 'pay_link_receipt' AND data->>'requesterId' = $1 RETURNING id`,
    [requesterId],
  )) as unknown[];
  return rows.length;
}
