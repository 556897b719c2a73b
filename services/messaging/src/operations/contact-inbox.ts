import { UserError, type AuthUser } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { CONTACT_CODES, CONTACT_SUBJECTS, CONTACT_TEXT, likePattern, subjectOfStored } from '../domain/contact-rules';
import { displayName, isUuid } from '../domain/messages-rules';
import type { ContactMessage, ContactMessagePage, ContactReply, MailStatus } from '../generated/graphql';
import { emitContactAlertChange } from './contact-alerts';
import type { MessagingDeps } from './deps';
import { dispatchMail, queueMail } from './outbound-mail';
import { findUser } from './users';

type Row = Record<string, unknown>;

const iso = (v: unknown): string | null => (v ? new Date(v as string).toISOString() : null);

function replyOf(r: Row): ContactReply {
  return {
    id: r.id as string,
    body: r.body as string,
    sentAt: iso(r.sent_at)!,
    senderName: r.sender_name as string,
    delivery: String(r.status ?? 'queued').toUpperCase() as MailStatus,
  };
}

function messageOf(r: Row, replies: ContactReply[]): ContactMessage {
  const subject = subjectOfStored(r.subject as string);
  return {
    id: r.id as string,
    name: r.name as string,
    email: r.email as string,
    subject,
    subjectLabel: CONTACT_SUBJECTS[subject].label,
    message: r.message as string,
    receivedAt: iso(r.received_at)!,
    readAt: iso(r.read_at),
    archivedAt: iso(r.archived_at),
    replies,
  };
}

/** Replies of several messages at once, oldest first, with their delivery's status. */
async function repliesOf(manager: EntityManager, ids: string[]): Promise<Map<string, ContactReply[]>> {
  const result = new Map<string, ContactReply[]>(ids.map((id) => [id, []]));
  if (!ids.length) return result;
  const rows = (await manager.query(
    `SELECT r.id, r.contact_message_id, r.body, r.sender_name, r.sent_at, d.status
       FROM contact_replies r LEFT JOIN mail_deliveries d ON d.id = r.delivery_id
      WHERE r.contact_message_id = ANY($1::uuid[])
      ORDER BY r.sent_at, r.id`,
    [ids],
  )) as Row[];
  for (const r of rows) result.get(r.contact_message_id as string)?.push(replyOf(r));
  return result;
}

async function loadMessage(manager: EntityManager, id: string): Promise<ContactMessage | null> {
  if (!isUuid(id)) return null;
  const rows = (await manager.query(`SELECT * FROM contact_messages WHERE id = $1`, [id])) as Row[];
  if (!rows.length) return null;
  return messageOf(rows[0], (await repliesOf(manager, [id])).get(id) ?? []);
}

export async function adminContactMessage(deps: MessagingDeps, id: string): Promise<ContactMessage | null> {
  return loadMessage(deps.ds.manager, id);
}

/** The inbox (or the archive), newest first; the search looks in name, address and message. */
export async function adminContactMessages(
  deps: MessagingDeps,
  args: { folder: 'INBOX' | 'ARCHIVED'; search: string | null; page: number; pageSize: number },
): Promise<ContactMessagePage> {
  const where = [args.folder === 'ARCHIVED' ? 'archived_at IS NOT NULL' : 'archived_at IS NULL'];
  const params: unknown[] = [];
  if (args.search) {
    params.push(likePattern(args.search));
    where.push(`(name ILIKE $${params.length} OR email ILIKE $${params.length} OR message ILIKE $${params.length})`);
  }
  const clause = where.join(' AND ');
  const m = deps.ds.manager;
  const [rows, [{ total }], [{ unread }]] = (await Promise.all([
    m.query(`SELECT * FROM contact_messages WHERE ${clause} ORDER BY received_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`, [
      ...params,
      args.pageSize,
      (args.page - 1) * args.pageSize,
    ]),
    m.query(`SELECT count(*)::int AS total FROM contact_messages WHERE ${clause}`, params),
    m.query(`SELECT count(*)::int AS unread FROM contact_messages WHERE archived_at IS NULL AND read_at IS NULL`),
  ])) as [Row[], Array<{ total: number }>, Array<{ unread: number }>];
  const replies = await repliesOf(m, rows.map((r) => r.id as string));
  return {
    items: rows.map((r) => messageOf(r, replies.get(r.id as string) ?? [])),
    total,
    page: args.page,
    pageSize: args.pageSize,
    unreadCount: unread,
  };
}

const notFound = () => new UserError(CONTACT_CODES.notFound, CONTACT_TEXT.notFound);

/**
 * Sets a message's read or archived state under its row lock, and raises or clears its bell alert
 * in the same transaction when that changes whether it is new (repeating a call changes nothing).
 */
async function changeContactState(deps: MessagingDeps, id: string, column: 'read_at' | 'archived_at', on: boolean): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound();
  await deps.uow.run(async (tx) => {
    const rows = (await tx.manager.query(`SELECT id, name, read_at, archived_at FROM contact_messages WHERE id = $1 FOR UPDATE`, [id])) as Row[];
    if (!rows.length) throw notFound();
    const now = deps.now();
    const [[after]] = (await tx.manager.query(
      `UPDATE contact_messages SET ${column} = CASE WHEN $2 THEN COALESCE(${column}, $3) ELSE NULL END WHERE id = $1 RETURNING read_at, archived_at`,
      [id, on, now],
    )) as [Row[], number];
    await emitContactAlertChange(tx, { id, name: rows[0].name as string }, alertStateOf(rows[0]), alertStateOf(after), now);
  });
  return (await loadMessage(deps.ds.manager, id))!;
}

const alertStateOf = (r: Row) => ({ readAt: r.read_at as Date | null, archivedAt: r.archived_at as Date | null });

/** Read or unread (the first reading time is kept when marked read again). */
export async function adminMarkContactMessage(deps: MessagingDeps, id: string, read: boolean): Promise<ContactMessage> {
  return changeContactState(deps, id, 'read_at', read);
}

export async function adminArchiveContactMessage(deps: MessagingDeps, id: string, archived: boolean): Promise<ContactMessage> {
  return changeContactState(deps, id, 'archived_at', archived);
}

/** The administrator's name as messaging knows it (identity's events), else the team's. */
export async function adminName(manager: EntityManager, userId: string): Promise<string> {
  const user = await findUser(manager, userId);
  return user ? displayName(user.firstName, user.lastName, CONTACT_TEXT.teamName) : CONTACT_TEXT.teamName;
}

/**
 * Replies by e-mail: the reply is kept under the message with its delivery row, both written in one
 * transaction (the mail exists exactly when the reply does), and the message counts as read (its
 * bell alert cleared if it was new).
 */
export async function adminReplyContactMessage(deps: MessagingDeps, admin: AuthUser, id: string, body: string): Promise<ContactMessage> {
  if (!isUuid(id)) throw notFound();
  const deliveryId = await deps.uow.run(async (tx) => {
    const { manager } = tx;
    const rows = (await manager.query(`SELECT * FROM contact_messages WHERE id = $1 FOR UPDATE`, [id])) as Row[];
    if (!rows.length) throw notFound();
    const original = rows[0];
    const subject = CONTACT_SUBJECTS[subjectOfStored(original.subject as string)];
    const senderName = await adminName(manager, admin.userId);
    const replyId = randomUUID();
    const now = deps.now();
    const queued = await queueMail(manager, {
      purpose: 'contact_reply',
      dedupeKey: replyId,
      to: original.email as string,
      subject: `Re : ${subject.label}`,
      data: {
        name: original.name as string,
        body,
        subjectLabel: subject.label,
        originalMessage: original.message as string,
        originalReceivedAt: iso(original.received_at)!,
      },
    });
    if (!queued) throw new Error(`contact reply ${replyId}: its delivery row already existed`);
    await manager.query(
      `INSERT INTO contact_replies (id, contact_message_id, body, sender_id, sender_name, delivery_id, sent_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [replyId, id, body, admin.userId, senderName, queued, now],
    );
    await manager.query(`UPDATE contact_messages SET read_at = COALESCE(read_at, $2) WHERE id = $1`, [id, now]);
    const readAt = (original.read_at as Date | null) ?? now;
    await emitContactAlertChange(tx, { id, name: original.name as string }, alertStateOf(original), { readAt, archivedAt: original.archived_at as Date | null }, now);
    return queued;
  });
  await dispatchMail(deps, [deliveryId]);
  return (await loadMessage(deps.ds.manager, id))!;
}
