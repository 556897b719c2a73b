import { UserError, type AuthUser } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { likePattern } from '../domain/contact-rules';
import { displayName, isUuid, MESSAGES_CODES, MESSAGES_TEXT, readRatePercent, type SendMessageInput } from '../domain/messages-rules';
import type { AdminInternalMessage, AdminInternalMessagePage, InternalMessageStats, MessageRecipient } from '../generated/graphql';
import { adminName } from './contact-inbox';
import type { MessagingDeps } from './deps';
import type { InboxDeps } from './inbox';

type Row = Record<string, unknown>;

const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

const FULL_NAME = `trim(u.first_name || ' ' || u.last_name)`;

/** The recipient select: users who can receive a message (not banned), by name, searchable in name and address. */
export async function messageRecipients(deps: MessagingDeps, search: string | null, first: number): Promise<MessageRecipient[]> {
  const params: unknown[] = [first];
  let where = 'NOT u.banned';
  if (search) {
    params.push(likePattern(search));
    where += ` AND (${FULL_NAME} ILIKE $2 OR u.email ILIKE $2)`;
  }
  const rows = (await deps.ds.query(
    `SELECT u.user_id, u.first_name, u.last_name, u.email FROM users u WHERE ${where} ORDER BY lower(${FULL_NAME}), u.email, u.user_id LIMIT $1`,
    params,
  )) as Row[];
  return rows.map((r) => ({ id: r.user_id as string, name: displayName(r.first_name as string, r.last_name as string, r.email as string), email: r.email as string }));
}

/** The history table's columns for some messages (read count: 1/0 for an individual one, readers for a group one). */
const ADMIN_SELECT = `SELECT m.*, u.first_name, u.last_name, u.email,
    CASE WHEN m.is_group THEN (SELECT count(*) FROM internal_message_reads r WHERE r.message_id = m.id)::int
         ELSE (m.read_at IS NOT NULL)::int END AS read_count
  FROM internal_messages m LEFT JOIN users u ON u.user_id = m.recipient_id`;

function adminMessageOf(r: Row): AdminInternalMessage {
  const recipient: MessageRecipient | null = r.recipient_id
    ? { id: r.recipient_id as string, name: displayName(r.first_name as string, r.last_name as string, (r.email as string) ?? ''), email: (r.email as string) ?? '' }
    : null;
  return {
    id: r.id as string,
    subject: r.subject as string,
    content: r.content as string,
    isGroup: r.is_group as boolean,
    recipient,
    sentAt: iso(r.sent_at)!,
    readAt: iso(r.read_at),
    readCount: r.read_count as number,
    recipientCount: r.recipient_count as number,
    senderName: r.sender_name as string,
  };
}

async function loadAdminMessage(manager: EntityManager, id: string): Promise<AdminInternalMessage | null> {
  const rows = (await manager.query(`${ADMIN_SELECT} WHERE m.id = $1`, [id])) as Row[];
  return rows.length ? adminMessageOf(rows[0]) : null;
}

export async function adminInternalMessages(deps: MessagingDeps, page: number, pageSize: number): Promise<AdminInternalMessagePage> {
  const m = deps.ds.manager;
  const [rows, [{ total }]] = (await Promise.all([
    m.query(`${ADMIN_SELECT} ORDER BY m.sent_at DESC, m.id DESC LIMIT $1 OFFSET $2`, [pageSize, (page - 1) * pageSize]),
    m.query(`SELECT count(*)::int AS total FROM internal_messages`),
  ])) as [Row[], Array<{ total: number }>];
  return { items: rows.map(adminMessageOf), total, page, pageSize };
}

export async function adminInternalMessageStats(deps: MessagingDeps): Promise<InternalMessageStats> {
  const [{ total, read, users }] = (await deps.ds.query(
    `SELECT (SELECT count(*) FROM internal_messages)::int AS total,
            (SELECT count(*) FROM internal_messages m
              WHERE (NOT m.is_group AND m.read_at IS NOT NULL)
                 OR (m.is_group AND EXISTS (SELECT 1 FROM internal_message_reads r WHERE r.message_id = m.id)))::int AS read,
            (SELECT count(*) FROM users WHERE NOT banned)::int AS users`,
  )) as Array<{ total: number; read: number; users: number }>;
  return { total, read, readRatePercent: readRatePercent(read, total), users };
}

/** One message to one user (who must exist and not be banned), or to every user (counted at send time). */
export async function adminSendMessage(deps: InboxDeps, admin: AuthUser, input: SendMessageInput): Promise<AdminInternalMessage> {
  const id = randomUUID();
  const message = await deps.uow.run(async ({ manager }) => {
    let recipientCount = 1;
    if (input.toAll) {
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM users WHERE NOT banned`)) as Array<{ n: number }>;
      recipientCount = n;
    } else {
      const found = (await manager.query(`SELECT 1 FROM users WHERE user_id = $1 AND NOT banned`, [input.recipientId])) as Row[];
      if (!found.length) throw new UserError(MESSAGES_CODES.validation, MESSAGES_TEXT.recipientUnknown, { field: 'recipientId' });
    }
    await manager.query(
      `INSERT INTO internal_messages (id, sender_id, sender_name, recipient_id, is_group, subject, content, recipient_count, sent_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, admin.userId, await adminName(manager, admin.userId), input.toAll ? null : input.recipientId, input.toAll, input.subject, input.content, recipientCount, deps.now()],
    );
    return (await loadAdminMessage(manager, id))!;
  });
  if (message.isGroup) await deps.unread.changedForEveryone();
  else await deps.unread.changed(message.recipient!.id);
  return message;
}

/** The spec's 'mark as read': only an unread individual message. */
export async function adminMarkMessageRead(deps: InboxDeps, id: string): Promise<AdminInternalMessage> {
  const notFound = new UserError(MESSAGES_CODES.notFound, MESSAGES_TEXT.notFound);
  if (!isUuid(id)) throw notFound;
  const message = await deps.uow.run(async ({ manager }) => {
    const rows = (await manager.query(`SELECT is_group, read_at FROM internal_messages WHERE id = $1 FOR UPDATE`, [id])) as Row[];
    if (!rows.length) throw notFound;
    if (rows[0].is_group) throw new UserError(MESSAGES_CODES.notMarkable, MESSAGES_TEXT.groupNotMarkable);
    if (rows[0].read_at) throw new UserError(MESSAGES_CODES.alreadyRead, MESSAGES_TEXT.alreadyRead);
    await manager.query(`UPDATE internal_messages SET read_at = $2 WHERE id = $1`, [id, deps.now()]);
    return (await loadAdminMessage(manager, id))!;
  });
  await deps.unread.changed(message.recipient!.id);
  return message;
}
