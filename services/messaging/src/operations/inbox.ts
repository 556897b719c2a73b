import { UserError } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { isUuid, MESSAGES_CODES, MESSAGES_TEXT } from '../domain/messages-rules';
import type { InboxMessage, InboxPage } from '../generated/graphql';
import type { UnreadCounts } from '../live/unread-count';
import type { MessagingDeps } from './deps';

export interface InboxDeps extends MessagingDeps {
  unread: UnreadCounts;
}

export type Row = Record<string, unknown>;

const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

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

export function inboxMessageOf(r: Row): InboxMessage {
  return {
    id: r.id as string,
    subject: r.subject as string,
    content: r.content as string,
    isGroup: r.is_group as boolean,
    sentAt: iso(r.sent_at)!,
    readAt: iso(r.my_read_at),
    senderName: r.sender_name as string,
  };
}

export async function unreadCount(manager: EntityManager, userId: string): Promise<number> {
  if (!isUuid(userId)) return 0;
  const [{ n }] = (await manager.query(`SELECT count(*)::int AS n ${FROM_INBOX} AND ${MY_READ_AT} IS NULL`, [userId])) as Array<{ n: number }>;
  return n;
}

export async function inboxPage(deps: MessagingDeps, userId: string, page: number, pageSize: number): Promise<InboxPage> {
  const m = deps.ds.manager;
  const [rows, [{ total, unread }]] = (await Promise.all([
    m.query(`SELECT m.*, ${MY_READ_AT} AS my_read_at ${FROM_INBOX} ORDER BY m.sent_at DESC, m.id DESC LIMIT $2 OFFSET $3`, [userId, pageSize, (page - 1) * pageSize]),
    m.query(`SELECT count(*)::int AS total, (count(*) FILTER (WHERE ${MY_READ_AT} IS NULL))::int AS unread ${FROM_INBOX}`, [userId]),
  ])) as [Row[], Array<{ total: number; unread: number }>];
  return { items: rows.map(inboxMessageOf), total, unread, page, pageSize };
}

async function inboxMessage(manager: EntityManager, userId: string, id: string): Promise<InboxMessage | null> {
  const rows = (await manager.query(`SELECT m.*, ${MY_READ_AT} AS my_read_at ${FROM_INBOX} AND m.id = $2`, [userId, id])) as Row[];
  return rows.length ? inboxMessageOf(rows[0]) : null;
}

/**
 * The user opened a message of their inbox: their own read state (a row for a group message, the
 * message's read_at for theirs). Anything outside their inbox is 'Message introuvable.', whoever's it is.
 */
export async function markMessageRead(deps: InboxDeps, userId: string, id: string): Promise<InboxMessage> {
  const notFound = new UserError(MESSAGES_CODES.notFound, MESSAGES_TEXT.notFound);
  if (!isUuid(id)) throw notFound;
  const { message, changed } = await deps.uow.run(async ({ manager }) => {
    const found = await inboxMessage(manager, userId, id);
    if (!found) throw notFound;
    if (found.readAt) return { message: found, changed: false };
    if (found.isGroup) {
      await manager.query(`INSERT INTO internal_message_reads (message_id, user_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [id, userId, deps.now()]);
    } else {
      await manager.query(`UPDATE internal_messages SET read_at = COALESCE(read_at, $3) WHERE id = $1 AND recipient_id = $2`, [id, userId, deps.now()]);
    }
    return { message: (await inboxMessage(manager, userId, id))!, changed: true };
  });
  if (changed) await deps.unread.changed(userId);
  return message;
}
