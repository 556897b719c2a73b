import { containsPattern } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { Row } from '../shared/sql';

/**
 * The contact module's one door to its tables (raw SQL through the EntityManager):
 * `contact_messages` and `contact_replies` (with their delivery's status).
 */

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  /** The stored subject (CONTACT_SUBJECTS[…].stored). */
  subject: string;
  message: string;
  ip: string | null;
  receivedAt: Date;
}

export async function insertContactMessage(manager: EntityManager, m: NewContactMessage): Promise<void> {
  await manager.query(`INSERT INTO contact_messages (id, name, email, subject, message, ip, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    m.id,
    m.name,
    m.email,
    m.subject,
    m.message,
    m.ip,
    m.receivedAt,
  ]);
}

export async function contactMessageRow(manager: EntityManager, id: string, opts: { lock?: boolean } = {}): Promise<Row | null> {
  const rows = (await manager.query(`SELECT * FROM contact_messages WHERE id = $1${opts.lock ? ' FOR UPDATE' : ''}`, [id])) as Row[];
  return rows[0] ?? null;
}

/** Reply rows of several messages at once, oldest first, with their delivery's status. */
export async function replyRows(manager: EntityManager, ids: string[]): Promise<Row[]> {
  if (!ids.length) return [];
  return (await manager.query(
    `SELECT r.id, r.contact_message_id, r.body, r.sender_name, r.sent_at, d.status
       FROM contact_replies r LEFT JOIN mail_deliveries d ON d.id = r.delivery_id
      WHERE r.contact_message_id = ANY($1::uuid[])
      ORDER BY r.sent_at, r.id`,
    [ids],
  )) as Row[];
}

/** A page of the inbox (or the archive), newest first, its total and the inbox's unread count. */
export async function contactMessageRows(
  manager: EntityManager,
  args: { folder: 'INBOX' | 'ARCHIVED'; search: string | null; page: number; pageSize: number },
): Promise<{ rows: Row[]; total: number; unread: number }> {
  const where = [args.folder === 'ARCHIVED' ? 'archived_at IS NOT NULL' : 'archived_at IS NULL'];
  const params: unknown[] = [];
  if (args.search) {
    params.push(containsPattern(args.search));
    where.push(`(name ILIKE $${params.length} OR email ILIKE $${params.length} OR message ILIKE $${params.length})`);
  }
  const clause = where.join(' AND ');
  const [rows, [{ total }], [{ unread }]] = (await Promise.all([
    manager.query(`SELECT * FROM contact_messages WHERE ${clause} ORDER BY received_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      args.pageSize,
      (args.page - 1) * args.pageSize,
    ]),
    manager.query(`SELECT count(*)::int AS total FROM contact_messages WHERE ${clause}`, params),
    manager.query(`SELECT count(*)::int AS unread FROM contact_messages WHERE archived_at IS NULL AND read_at IS NULL`),
  ])) as [Row[], Array<{ total: number }>, Array<{ unread: number }>];
  return { rows, total, unread };
}

/** Sets (keeping the first time) or clears read_at or archived_at; the row's states after. */
export async function setContactState(manager: EntityManager, id: string, column: 'read_at' | 'archived_at', on: boolean, now: Date): Promise<Row> {
  const [[after]] = (await manager.query(
    `UPDATE contact_messages SET ${column} = CASE WHEN $2 THEN COALESCE(${column}, $3) ELSE NULL END WHERE id = $1 RETURNING read_at, archived_at`,
    [id, on, now],
  )) as [Row[], number];
  return after;
}

export async function insertContactReply(
  manager: EntityManager,
  r: { id: string; messageId: string; body: string; senderId: string; senderName: string; deliveryId: string; sentAt: Date },
): Promise<void> {
  await manager.query(
    `INSERT INTO contact_replies (id, contact_message_id, body, sender_id, sender_name, delivery_id, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [r.id, r.messageId, r.body, r.senderId, r.senderName, r.deliveryId, r.sentAt],
  );
  await manager.query(`UPDATE contact_messages SET read_at = COALESCE(read_at, $2) WHERE id = $1`, [r.messageId, r.sentAt]);
}
