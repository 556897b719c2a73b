import { ok, parseInput, recordAdminAction, settle, type AdminActor, type Result, type Tx } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { ContactMessage, ContactMessagePage, ContactReply, MailStatus } from '../generated/graphql';
import { dispatchMail, queueMail } from '../mail';
import type { MessagingDeps } from '../shared/deps';
import { refusal, userError } from '../shared/errors';
import { iso, isUuid, type Row } from '../shared/sql';
import { adminName } from '../users';
import { emitContactAlertChange } from './alerts';
import { CONTACT_SUBJECTS, CONTACT_TEXT, contactListArgsSchema, replyBodySchema, subjectOfStored } from './rules';
import { contactMessageRow, contactMessageRows, insertContactReply, replyRows, setContactState } from './store';

/** The administrators' contact inbox: list, read, archive, reply by e-mail (the resolver checks the role). */

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
  for (const r of await replyRows(manager, ids)) result.get(r.contact_message_id as string)?.push(replyOf(r));
  return result;
}

async function loadMessage(manager: EntityManager, id: string): Promise<ContactMessage | null> {
  if (!isUuid(id)) return null;
  const row = await contactMessageRow(manager, id);
  if (!row) return null;
  return messageOf(row, (await repliesOf(manager, [id])).get(id) ?? []);
}

export async function adminContactMessage(deps: MessagingDeps, id: string): Promise<ContactMessage | null> {
  return loadMessage(deps.ds.manager, id);
}

/** The inbox (or the archive), newest first; the search looks in name, address and message. */
export async function adminContactMessages(deps: MessagingDeps, rawArgs: unknown): Promise<Result<ContactMessagePage>> {
  const parsed = parseInput(contactListArgsSchema, rawArgs);
  if (!parsed.ok) return parsed;
  const args = parsed.value;
  const { rows, total, unread } = await contactMessageRows(deps.ds.manager, args);
  const replies = await repliesOf(deps.ds.manager, rows.map((r) => r.id as string));
  return ok({
    items: rows.map((r) => messageOf(r, replies.get(r.id as string) ?? [])),
    total,
    page: args.page,
    pageSize: args.pageSize,
    unreadCount: unread,
  });
}

const notFound = () => refusal('NOT_FOUND', CONTACT_TEXT.notFound);
const alertStateOf = (r: Row) => ({ readAt: r.read_at as Date | null, archivedAt: r.archived_at as Date | null });
/** A contact message as the administrators' journal names it: its sender. */
const journalTarget = (r: Row) => ({ id: r.id as string, label: `${r.name as string} <${r.email as string}>` });
const JOURNAL = {
  read_at: { on: 'contact_message.marked_read', off: 'contact_message.marked_unread' },
  archived_at: { on: 'contact_message.archived', off: 'contact_message.unarchived' },
} as const;

/**
 * Sets a message's read or archived state under its row lock, and raises or clears its bell alert
 * in the same transaction when that changes whether it is new (repeating a call changes nothing,
 * and is no journal entry).
 */
async function changeContactState(deps: MessagingDeps, admin: AdminActor, id: string, column: 'read_at' | 'archived_at', on: boolean): Promise<Result<ContactMessage>> {
  if (!isUuid(id)) return notFound();
  const changed = await deps.uow.run(async (tx) => {
    const before = await contactMessageRow(tx.manager, id, { lock: true });
    if (!before) return false;
    const now = deps.now();
    const after = await setContactState(tx.manager, id, column, on, now);
    await emitContactAlertChange(tx, { id, name: before.name as string }, alertStateOf(before), alertStateOf(after), now);
    if ((before[column] === null) !== (after[column] === null)) await recordAdminAction(tx, admin, JOURNAL[column][on ? 'on' : 'off'], journalTarget(before));
    return true;
  });
  if (!changed) return notFound();
  return ok((await loadMessage(deps.ds.manager, id))!);
}

/** Read or unread (the first reading time is kept when marked read again). */
export async function adminMarkContactMessage(deps: MessagingDeps, admin: AdminActor, id: string, read: boolean): Promise<Result<ContactMessage>> {
  return changeContactState(deps, admin, id, 'read_at', read);
}

export async function adminArchiveContactMessage(deps: MessagingDeps, admin: AdminActor, id: string, archived: boolean): Promise<Result<ContactMessage>> {
  return changeContactState(deps, admin, id, 'archived_at', archived);
}

/**
 * Replies by e-mail: the reply is kept under the message with its delivery row, both written in one
 * transaction (the mail exists exactly when the reply does), and the message counts as read (its
 * bell alert cleared if it was new).
 */
export async function adminReplyContactMessage(deps: MessagingDeps, admin: AdminActor, id: string, rawBody: unknown): Promise<Result<ContactMessage>> {
  const parsed = parseInput(replyBodySchema, { body: rawBody });
  if (!parsed.ok) return parsed;
  if (!isUuid(id)) return notFound();
  const sent = await settle(() => deps.uow.run((tx) => writeReply(deps, tx, admin, id, parsed.value.body)));
  if (!sent.ok) return sent;
  await dispatchMail(deps, [sent.value]);
  return ok((await loadMessage(deps.ds.manager, id))!);
}

/** The reply's rows in the caller's transaction; its delivery's id. A missing message is thrown (rolled back by `settle`). */
async function writeReply(deps: MessagingDeps, tx: Tx, admin: AdminActor, id: string, body: string): Promise<string> {
  const original = await contactMessageRow(tx.manager, id, { lock: true });
  if (!original) throw userError('NOT_FOUND', CONTACT_TEXT.notFound);
  const subject = CONTACT_SUBJECTS[subjectOfStored(original.subject as string)];
  const senderName = await adminName(tx.manager, admin.userId);
  const replyId = randomUUID();
  const now = deps.now();
  const queued = await queueMail(tx.manager, {
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
  await insertContactReply(tx.manager, { id: replyId, messageId: id, body, senderId: admin.userId, senderName, deliveryId: queued, sentAt: now });
  const readAt = (original.read_at as Date | null) ?? now;
  await emitContactAlertChange(tx, { id, name: original.name as string }, alertStateOf(original), { readAt, archivedAt: original.archived_at as Date | null }, now);
  await recordAdminAction(tx, admin, 'contact_message.replied', journalTarget(original), { replyId, subject: `Re : ${subject.label}`, excerpt: body.slice(0, 200) });
  return queued;
}
