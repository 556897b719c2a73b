import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { fromInbox, MY_READ_AT } from '../messages';

/**
 * The export room's one door: the exports messaging assembles (`data_exports`, `data_export_parts`),
 * and, across the tables of the rooms that write them (as the erasure room's), what messaging holds
 * about one person.
 */

export interface ExportRow {
  id: string;
  userId: string;
  requestedBy: string | null;
  requestedAt: Date;
  status: 'preparing' | 'ready' | 'failed';
  expiresAt: Date | null;
  partsReady: number;
}

const EXPORT_COLUMNS = `id, user_id AS "userId", requested_by AS "requestedBy", requested_at AS "requestedAt", status, expires_at AS "expiresAt",
  (SELECT count(*)::int FROM (SELECT FROM data_export_parts p WHERE p.export_id = e.id GROUP BY service HAVING count(*) = max(pieces)) whole) AS "partsReady"`;

/** The export, created when its first part arrives, then locked for this transaction (parts arriving at once are taken one after the other). */
export async function lockExport(manager: EntityManager, e: { exportId: string; userId: string; requestedBy: string | null; requestedAt: string }): Promise<ExportRow> {
  await manager.query(`INSERT INTO data_exports (id, user_id, requested_by, requested_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
    e.exportId,
    e.userId,
    e.requestedBy,
    e.requestedAt,
  ]);
  const [row] = await queryRows<ExportRow>(manager, `SELECT ${EXPORT_COLUMNS} FROM data_exports e WHERE id = $1 FOR UPDATE`, [e.exportId]);
  return row!;
}

/** Stores one piece of a service's part (a redelivery changes nothing). */
export async function savePart(manager: EntityManager, exportId: string, service: string, p: { content: string; piece: number; pieces: number }): Promise<void> {
  await manager.query(`INSERT INTO data_export_parts (export_id, service, piece, pieces, content) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING`, [
    exportId,
    service,
    p.piece,
    p.pieces,
    p.content,
  ]);
}

/** The parts whose every piece is in, each as its pieces put end to end, by service. */
export async function partsOf(manager: EntityManager, exportId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ service: string; content: string }>(
    manager,
    `SELECT service, string_agg(content, '' ORDER BY piece) AS content FROM data_export_parts WHERE export_id = $1
     GROUP BY service HAVING count(*) = max(pieces)`,
    [exportId],
  );
  return new Map(rows.map((r) => [r.service, r.content]));
}

/** The archive made: kept until `expiresAt`; the parts it was made of go. */
export async function storeArchive(manager: EntityManager, exportId: string, archive: Buffer, readyAt: Date, expiresAt: Date): Promise<void> {
  await manager.query(`UPDATE data_exports SET status = 'ready', archive = $2, ready_at = $3, expires_at = $4 WHERE id = $1`, [exportId, archive, readyAt, expiresAt]);
  await manager.query('DELETE FROM data_export_parts WHERE export_id = $1', [exportId]);
}

/** The person's latest export, as User.dataExport shows it. */
export async function latestExports(manager: EntityManager, userIds: readonly string[]): Promise<Map<string, ExportRow>> {
  const rows = await queryRows<ExportRow>(
    manager,
    `SELECT DISTINCT ON (user_id) ${EXPORT_COLUMNS} FROM data_exports e WHERE user_id = ANY($1::uuid[]) ORDER BY user_id, requested_at DESC`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.userId, r]));
}

/** The archive a download link stands for, while it is ready and not expired; null otherwise. */
export async function readyArchive(manager: EntityManager, exportId: string, now: Date): Promise<{ archive: Buffer; requestedAt: Date } | null> {
  const [row] = await queryRows<{ archive: Buffer; requested_at: Date }>(
    manager,
    `SELECT archive, requested_at FROM data_exports WHERE id = $1 AND status = 'ready' AND expires_at > $2`,
    [exportId, now],
  );
  return row ? { archive: row.archive, requestedAt: row.requested_at } : null;
}

/** Archives past their time, deleted with their rows. */
export async function deleteExpiredExports(manager: EntityManager, now: Date): Promise<number> {
  const [, deleted] = (await manager.query(`DELETE FROM data_exports WHERE expires_at <= $1`, [now])) as [unknown, number];
  return deleted;
}

/** Exports still waiting for a part after `staleBefore` end as failed (their parts go): who they were for. */
export async function failStaleExports(manager: EntityManager, staleBefore: Date): Promise<Array<{ id: string; userId: string }>> {
  const failed = await queryRows<{ id: string; userId: string }>(
    manager,
    `UPDATE data_exports SET status = 'failed' WHERE status = 'preparing' AND requested_at < $1 RETURNING id, user_id AS "userId"`,
    [staleBefore],
  );
  await manager.query('DELETE FROM data_export_parts WHERE export_id = ANY($1::uuid[])', [failed.map((f) => f.id)]);
  return failed;
}

/**
 * Messaging's part: the address and name it knows them by, the contact messages sent from their
 * address with the team's replies, the team's messages to them (and the group messages they read),
 * their newsletter subscription with its consent record (never the confirmation token's hash), and
 * the mails sent to them (purpose, subject, outcome, dates; not their content, erased after 30 days).
 */
export async function messagingPart(manager: EntityManager, userId: string, email: string | null): Promise<Record<string, unknown>> {
  const byEmail = <T>(sql: string) => (email ? queryRows<T>(manager, sql, [email]) : Promise.resolve([] as T[]));
  const [subscription] = await byEmail<Record<string, unknown>>(
    `SELECT email, status, source, subscribed_at AS "subscribedAt", request_ip AS "requestIp", confirmed_at AS "confirmedAt", confirm_ip AS "confirmIp",
            unsubscribed_at AS "unsubscribedAt" FROM newsletter_subscribers WHERE email = $1`,
  );
  return {
    known: (await queryRows(manager, 'SELECT email, first_name AS "firstName", last_name AS "lastName" FROM users WHERE user_id = $1', [userId]))[0] ?? null,
    contactMessages: await byEmail(
      `SELECT m.id, m.name, m.email, m.subject, m.message, m.ip, m.received_at AS "receivedAt",
              coalesce((SELECT jsonb_agg(jsonb_build_object('body', r.body, 'from', r.sender_name, 'sentAt', r.sent_at) ORDER BY r.sent_at)
                        FROM contact_replies r WHERE r.contact_message_id = m.id), '[]'::jsonb) AS replies
       FROM contact_messages m WHERE m.email = $1 ORDER BY m.received_at`,
    ),
    internalMessages: await queryRows(
      manager,
      `SELECT m.id, m.sender_name AS "from", m.is_group AS "toEveryone", m.subject, m.content, m.sent_at AS "sentAt", ${MY_READ_AT} AS "readAt"
       ${fromInbox('$1')} ORDER BY m.sent_at`,
      [userId],
    ),
    newsletter: subscription ?? null,
    mails: await byEmail(
      `SELECT purpose, subject, status, created_at AS "createdAt", sent_at AS "sentAt" FROM mail_deliveries WHERE recipient = $1 ORDER BY created_at`,
    ),
  };
}
