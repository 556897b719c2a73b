import { ok, parseInput, recordAdminAction, settle, type AdminActor, type Result, type Tx } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { AdminInternalMessage, AdminInternalMessagePage, InternalMessageStats, MessageRecipient } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { refusal, userError } from '../shared/errors';
import { pagingSchema } from '../shared/paging';
import { iso, type Row } from '../shared/sql';
import { adminName } from '../users';
import type { InboxDeps } from './inbox';
import { displayName, isUuid, MESSAGES_TEXT, readRatePercent, recipientsArgsSchema, sendMessageSchema, type SendMessageInput } from './rules';
import { activeUserCount, adminMessageRow, adminMessageRows, insertMessage, isActiveUser, lockMessage, messageStats, recipientRows, setMessageRead } from './store';

/** The administrators' side of internal messages: the recipient select, compose, history, stats (the resolver checks the role). */

/** The recipient select: users who can receive a message (not banned), by name, searchable in name and address. */
export async function messageRecipients(deps: MessagingDeps, rawArgs: unknown): Promise<Result<MessageRecipient[]>> {
  const args = parseInput(recipientsArgsSchema, rawArgs);
  if (!args.ok) return args;
  const rows = await recipientRows(deps.ds.manager, args.value.search, args.value.first);
  return ok(rows.map((r) => ({ id: r.user_id as string, name: displayName(r.first_name as string, r.last_name as string, r.email as string), email: r.email as string })));
}

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
  const row = await adminMessageRow(manager, id);
  return row ? adminMessageOf(row) : null;
}

export async function adminInternalMessages(deps: MessagingDeps, rawArgs: unknown): Promise<Result<AdminInternalMessagePage>> {
  const args = parseInput(pagingSchema, rawArgs);
  if (!args.ok) return args;
  const { page, pageSize } = args.value;
  const { rows, total } = await adminMessageRows(deps.ds.manager, pageSize, (page - 1) * pageSize);
  return ok({ items: rows.map(adminMessageOf), total, page, pageSize });
}

export async function adminInternalMessageStats(deps: MessagingDeps): Promise<InternalMessageStats> {
  const { total, read, users } = await messageStats(deps.ds.manager);
  return { total, read, readRatePercent: readRatePercent(read, total), users };
}

/** One message to one user (who must exist and not be banned), or to every user (counted at send time). */
export async function adminSendMessage(deps: InboxDeps, admin: AdminActor, rawInput: unknown): Promise<Result<AdminInternalMessage>> {
  const parsed = parseInput(sendMessageSchema, rawInput);
  if (!parsed.ok) return parsed;
  const sent = await settle(() => deps.uow.run((tx) => writeMessage(deps, tx, admin, parsed.value)));
  if (!sent.ok) return sent;
  const message = sent.value;
  if (message.isGroup) await deps.unread.changedForEveryone();
  else await deps.unread.changed(message.recipient!.id);
  return ok(message);
}

async function writeMessage(deps: MessagingDeps, tx: Tx, admin: AdminActor, input: SendMessageInput): Promise<AdminInternalMessage> {
  const { manager } = tx;
  let recipientCount = 1;
  if (input.toAll) {
    recipientCount = await activeUserCount(manager);
  } else if (!(await isActiveUser(manager, input.recipientId!))) {
    throw userError('VALIDATION', MESSAGES_TEXT.recipientUnknown, { field: 'recipientId' });
  }
  const id = randomUUID();
  await insertMessage(manager, {
    id,
    senderId: admin.userId,
    senderName: await adminName(manager, admin.userId),
    recipientId: input.toAll ? null : input.recipientId,
    isGroup: input.toAll,
    subject: input.subject,
    content: input.content,
    recipientCount,
    sentAt: deps.now(),
  });
  const message = (await loadAdminMessage(manager, id))!;
  const to = message.recipient ? `${message.recipient.name} <${message.recipient.email}>` : MESSAGES_TEXT.everyone;
  await recordAdminAction(tx, admin, 'message.sent', { id, label: message.subject }, { to, recipientCount });
  return message;
}

/** The spec's 'mark as read': only an unread individual message. */
export async function adminMarkMessageRead(deps: InboxDeps, admin: AdminActor, id: string): Promise<Result<AdminInternalMessage>> {
  if (!isUuid(id)) return refusal('NOT_FOUND', MESSAGES_TEXT.notFound);
  const marked = await settle(() =>
    deps.uow.run(async (tx) => {
      const row = await lockMessage(tx.manager, id);
      if (!row) throw userError('NOT_FOUND', MESSAGES_TEXT.notFound);
      if (row.is_group) throw userError('NOT_MARKABLE', MESSAGES_TEXT.groupNotMarkable);
      if (row.read_at) throw userError('ALREADY_READ', MESSAGES_TEXT.alreadyRead);
      await setMessageRead(tx.manager, id, deps.now());
      const message = (await loadAdminMessage(tx.manager, id))!;
      await recordAdminAction(tx, admin, 'message.marked_read', { id, label: message.subject });
      return message;
    }),
  );
  if (!marked.ok) return marked;
  await deps.unread.changed(marked.value.recipient!.id);
  return marked;
}
