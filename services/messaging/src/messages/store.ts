import { containsPattern } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { Row } from '../shared/sql';

/**
 * The internal messages' one door to their tables (raw SQL through the EntityManager):
 * `internal_messages`, `internal_message_reads`, and the users read model they are addressed to.
 */

/**
 * The one definition of "a message in <user>'s inbox": addressed to them, or to everyone after they
 * registered (a user unknown to the read model sees no group message). Every inbox query and the
 * read check use it, so a customer can only ever reach their own and group messages. `user` is the
 * SQL expression of the user's id ($1, or a column when one statement serves several users).
 */
export const inInbox = (user: string) =>
  `(m.recipient_id = ${user} OR (m.is_group AND m.sent_at >= (SELECT reg.registered_at FROM users reg WHERE reg.user_id = ${user})))`;
/** This user's read time: the message's own for an individual one, their row for a group one. */
export const MY_READ_AT = `CASE WHEN m.is_group THEN r.read_at ELSE m.read_at END`;
/** The messages of <user>'s inbox with their read rows (alias m and r). */
export const fromInbox = (user: string) =>
  `FROM internal_messages m LEFT JOIN internal_message_reads r ON r.message_id = m.id AND r.user_id = ${user} WHERE ${inInbox(user)}`;
const FROM_INBOX = fromInbox('$1');

// ───────────── A user's inbox ─────────────

export async function unreadCountOf(manager: EntityManager, userId: string): Promise<number> {
  const [{ n }] = (await manager.query(`SELECT count(*)::int AS n ${FROM_INBOX} AND ${MY_READ_AT} IS NULL`, [userId])) as Array<{ n: number }>;
  return n;
}

export async function inboxRows(manager: EntityManager, userId: string, limit: number, offset: number): Promise<{ rows: Row[]; total: number; unread: number }> {
  const [rows, [{ total, unread }]] = (await Promise.all([
    manager.query(`SELECT m.*, ${MY_READ_AT} AS my_read_at ${FROM_INBOX} ORDER BY m.sent_at DESC, m.id DESC LIMIT $2 OFFSET $3`, [userId, limit, offset]),
    manager.query(`SELECT count(*)::int AS total, (count(*) FILTER (WHERE ${MY_READ_AT} IS NULL))::int AS unread ${FROM_INBOX}`, [userId]),
  ])) as [Row[], Array<{ total: number; unread: number }>];
  return { rows, total, unread };
}

export async function inboxRow(manager: EntityManager, userId: string, id: string): Promise<Row | null> {
  const rows = (await manager.query(`SELECT m.*, ${MY_READ_AT} AS my_read_at ${FROM_INBOX} AND m.id = $2`, [userId, id])) as Row[];
  return rows[0] ?? null;
}

/** The user's own read state: a row for a group message, the message's read_at for theirs. */
export async function markReadBy(manager: EntityManager, userId: string, id: string, isGroup: boolean, at: Date): Promise<void> {
  if (isGroup) {
    await manager.query(`INSERT INTO internal_message_reads (message_id, user_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [id, userId, at]);
  } else {
    await manager.query(`UPDATE internal_messages SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND recipient_id = $2`, [id, userId, at]);
  }
}

/** Unread counts of several users in ONE statement (the same inbox definition as `unreadCountOf`). */
export async function unreadCountRows(manager: EntityManager, ids: string[]): Promise<Array<{ user_id: string; n: number }>> {
  return (await manager.query(
    `SELECT u.id::text AS user_id, (SELECT count(*)::int ${fromInbox('u.id')} AND ${MY_READ_AT} IS NULL) AS n
       FROM unnest($1::uuid[]) AS u(id)`,
    [ids],
  )) as Array<{ user_id: string; n: number }>;
}

/** The newest `limit` messages of each of several users' inboxes in ONE statement (column inbox_user_id). */
export async function userMessageRows(manager: EntityManager, ids: string[], limit: number): Promise<Row[]> {
  return (await manager.query(
    `SELECT u.id::text AS inbox_user_id, x.*
       FROM unnest($1::uuid[]) AS u(id)
       CROSS JOIN LATERAL (SELECT m.*, ${MY_READ_AT} AS my_read_at ${fromInbox('u.id')} ORDER BY m.sent_at DESC, m.id DESC LIMIT $2) x
      ORDER BY u.id, x.sent_at DESC, x.id DESC`,
    [ids, limit],
  )) as Row[];
}

// ───────────── The administrators' side ─────────────

const FULL_NAME = `trim(u.first_name || ' ' || u.last_name)`;

/** Users who can receive a message (not banned), by name, searchable in name and address. */
export async function recipientRows(manager: EntityManager, search: string | null, first: number): Promise<Row[]> {
  const params: unknown[] = [first];
  let where = 'NOT u.banned';
  if (search) {
    params.push(containsPattern(search));
    where += ` AND (${FULL_NAME} ILIKE $2 OR u.email ILIKE $2)`;
  }
  return (await manager.query(
    `SELECT u.user_id, u.first_name, u.last_name, u.email FROM users u WHERE ${where} ORDER BY lower(${FULL_NAME}), u.email, u.user_id LIMIT $1`,
    params,
  )) as Row[];
}

/** The history table's columns for some messages (read count: 1/0 for an individual one, readers for a group one). */
const ADMIN_SELECT = `SELECT m.*, u.first_name, u.last_name, u.email,
    CASE WHEN m.is_group THEN (SELECT count(*) FROM internal_message_reads r WHERE r.message_id = m.id)::int
         ELSE (m.read_at IS NOT NULL)::int END AS read_count
  FROM internal_messages m LEFT JOIN users u ON u.user_id = m.recipient_id`;

export async function adminMessageRow(manager: EntityManager, id: string): Promise<Row | null> {
  const rows = (await manager.query(`${ADMIN_SELECT} WHERE m.id = $1`, [id])) as Row[];
  return rows[0] ?? null;
}

export async function adminMessageRows(manager: EntityManager, limit: number, offset: number): Promise<{ rows: Row[]; total: number }> {
  const [rows, [{ total }]] = (await Promise.all([
    manager.query(`${ADMIN_SELECT} ORDER BY m.sent_at DESC, m.id DESC LIMIT $1 OFFSET $2`, [limit, offset]),
    manager.query(`SELECT count(*)::int AS total FROM internal_messages`),
  ])) as [Row[], Array<{ total: number }>];
  return { rows, total };
}

export async function messageStats(manager: EntityManager): Promise<{ total: number; read: number; users: number }> {
  const [stats] = (await manager.query(
    `SELECT (SELECT count(*) FROM internal_messages)::int AS total,
            (SELECT count(*) FROM internal_messages m
              WHERE (NOT m.is_group AND m.read_at IS NOT NULL)
                 OR (m.is_group AND EXISTS (SELECT 1 FROM internal_message_reads r WHERE r.message_id = m.id)))::int AS read,
            (SELECT count(*) FROM users WHERE NOT banned)::int AS users`,
  )) as Array<{ total: number; read: number; users: number }>;
  return stats;
}

/** Users who are not banned (a group message's recipients at send time). */
export async function activeUserCount(manager: EntityManager): Promise<number> {
  const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM users WHERE NOT banned`)) as Array<{ n: number }>;
  return n;
}

export async function isActiveUser(manager: EntityManager, userId: string): Promise<boolean> {
  return ((await manager.query(`SELECT 1 FROM users WHERE user_id = $1 AND NOT banned`, [userId])) as Row[]).length > 0;
}

export async function insertMessage(
  manager: EntityManager,
  m: { id: string; senderId: string; senderName: string; recipientId: string | null; isGroup: boolean; subject: string; content: string; recipientCount: number; sentAt: Date },
): Promise<void> {
  await manager.query(
    `INSERT INTO internal_messages (id, sender_id, sender_name, recipient_id, is_group, subject, content, recipient_count, sent_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [m.id, m.senderId, m.senderName, m.recipientId, m.isGroup, m.subject, m.content, m.recipientCount, m.sentAt],
  );
}

/** The message's group flag and read time, its row locked; null when there is no such message. */
export async function lockMessage(manager: EntityManager, id: string): Promise<{ is_group: boolean; read_at: Date | null } | null> {
  const rows = (await manager.query(`SELECT is_group, read_at FROM internal_messages WHERE id = $1 FOR UPDATE`, [id])) as Array<{ is_group: boolean; read_at: Date | null }>;
  return rows[0] ?? null;
}

export async function setMessageRead(manager: EntityManager, id: string, at: Date): Promise<void> {
  await manager.query(`UPDATE internal_messages SET read_at = $2 WHERE id = $1`, [id, at]);
}
