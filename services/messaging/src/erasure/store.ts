import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';

/**
 * The erasure room's one door (as the retention room's, across the tables of the rooms that write
 * them): what messaging keeps about one person, by their user id or their address, and its erasure.
 */

const affected = async (manager: EntityManager, sql: string, params: unknown[]) => ((await manager.query(sql, params)) as [unknown, number])[1];

/** Their row of the users read model (name, address, ban state). */
export async function deleteKnownUser(manager: EntityManager, userId: string): Promise<number> {
  return affected(manager, 'DELETE FROM users WHERE user_id = $1', [userId]);
}

/** The contact messages sent from their address, with the team's replies to them; their ids. */
export async function deleteContactMessagesFrom(manager: EntityManager, email: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(manager, 'DELETE FROM contact_messages WHERE email = $1 RETURNING id', [email]);
  return rows.map((r) => r.id);
}

/** The team's messages to them alone, and their read marks of the messages to everyone (which stay). */
export async function deleteInternalMessagesTo(manager: EntityManager, userId: string): Promise<{ messages: number; reads: number }> {
  return {
    messages: await affected(manager, 'DELETE FROM internal_messages WHERE recipient_id = $1', [userId]),
    reads: await affected(manager, 'DELETE FROM internal_message_reads WHERE user_id = $1', [userId]),
  };
}

/** What they sent as an administrator (internal messages, contact replies, campaigns) stays, signed `name` instead of theirs. */
export async function renameSender(manager: EntityManager, userId: string, name: string): Promise<number> {
  return (
    (await affected(manager, 'UPDATE internal_messages SET sender_name = $2 WHERE sender_id = $1', [userId, name])) +
    (await affected(manager, 'UPDATE contact_replies SET sender_name = $2 WHERE sender_id = $1', [userId, name])) +
    (await affected(manager, 'UPDATE campaigns SET sender_name = $2 WHERE created_by = $1', [userId, name]))
  );
}

/**
 * The mails sent (or to be sent) to their address: each delivery row stays (the outcome is the
 * team's record) with the recipient replaced, its content cleared and its dedupe key (which may
 * hold the address) replaced by one of its own; a mail still queued is never sent. Returns the rows'
 * subjects and errors, for the caller to scrub.
 */
export async function forgetRecipient(manager: EntityManager, email: string, pseudonym: string): Promise<Array<{ id: string; subject: string; last_error: string | null }>> {
  return queryRows(
    manager,
    `UPDATE mail_deliveries SET recipient = $2, data = '{}'::jsonb, dedupe_key = 'erased:' || id::text, updated_at = now(),
       status = CASE WHEN status = 'queued' THEN 'suppressed' ELSE status END
     WHERE recipient = $1 RETURNING id, subject, last_error`,
    [email, pseudonym],
  );
}

export async function rewriteDeliveryTexts(manager: EntityManager, id: string, subject: string, lastError: string | null): Promise<void> {
  await manager.query('UPDATE mail_deliveries SET subject = $2, last_error = $3 WHERE id = $1', [id, subject, lastError]);
}

/**
 * Their newsletter subscription (and its clicks) goes; the address stays on the suppression list
 * as its hash alone (reason 'erased'), so it is never mailed again (a late receipt included) unless
 * someone registers with it anew; any suppression of theirs (unsubscribed, bounced) loses its
 * address in clear. The caller holds the address's mail lock (lockAddress).
 */
export async function forgetSubscriber(manager: EntityManager, email: string, hash: string): Promise<{ subscribers: number; clicks: number; suppressed: number }> {
  const gone = await queryRows<{ id: string }>(manager, 'DELETE FROM newsletter_subscribers WHERE email = $1 RETURNING id', [email]);
  const clicks = await affected(manager, 'DELETE FROM campaign_clicks WHERE subscriber_id = ANY($1::uuid[])', [gone.map((r) => r.id)]);
  const suppressed = await affected(
    manager,
    `INSERT INTO suppressions (email, email_hash, reason) VALUES (NULL, $1, 'erased')
     ON CONFLICT (email_hash) DO UPDATE SET email = NULL, reason = 'erased', detail = NULL`,
    [hash],
  );
  return { subscribers: gone.length, clicks, suppressed };
}

/** Their data exports, archive and parts with them (an archive is their data, whole). */
export async function deleteDataExports(manager: EntityManager, userId: string): Promise<number> {
  return affected(manager, 'DELETE FROM data_exports WHERE user_id = $1', [userId]);
}
