import { ok, parseInput, settle, type Result } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { InboxMessage, InboxPage } from '../generated/graphql';
import type { MessagingDeps } from '../shared/deps';
import { refusal, userError } from '../shared/errors';
import { pagingSchema } from '../shared/paging';
import { iso, type Row } from '../shared/sql';
import { isUuid, MESSAGES_TEXT } from './rules';
import { inboxRow, inboxRows, markReadBy, unreadCountOf } from './store';
import type { UnreadCounts } from './unread';

/** A customer's inbox: their own and group messages, their read state, the badge's count. */

export interface InboxDeps extends MessagingDeps {
  unread: UnreadCounts;
}

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
  return unreadCountOf(manager, userId);
}

/** A page of the user's inbox (20 a page unless asked), newest first, with its unread count. */
export async function inboxPage(deps: MessagingDeps, userId: string, args: { page?: number | null; pageSize?: number | null }): Promise<Result<InboxPage>> {
  const parsed = parseInput(pagingSchema, { page: args.page, pageSize: args.pageSize ?? 20 });
  if (!parsed.ok) return parsed;
  const { page, pageSize } = parsed.value;
  const { rows, total, unread } = await inboxRows(deps.ds.manager, userId, pageSize, (page - 1) * pageSize);
  return ok({ items: rows.map(inboxMessageOf), total, unread, page, pageSize });
}

async function inboxMessage(manager: EntityManager, userId: string, id: string): Promise<InboxMessage | null> {
  const row = await inboxRow(manager, userId, id);
  return row ? inboxMessageOf(row) : null;
}

/**
 * The user opened a message of their inbox: their own read state (a row for a group message, the
 * message's read_at for theirs). Anything outside their inbox is 'Message introuvable.', whoever's it is.
 */
export async function markMessageRead(deps: InboxDeps, userId: string, id: string): Promise<Result<InboxMessage>> {
  if (!isUuid(id)) return refusal('NOT_FOUND', MESSAGES_TEXT.notFound);
  const done = await settle(() =>
    deps.uow.run(async ({ manager }) => {
      const found = await inboxMessage(manager, userId, id);
      if (!found) throw userError('NOT_FOUND', MESSAGES_TEXT.notFound);
      if (found.readAt) return { message: found, changed: false };
      await markReadBy(manager, userId, id, found.isGroup, deps.now());
      return { message: (await inboxMessage(manager, userId, id))!, changed: true };
    }),
  );
  if (!done.ok) return done;
  if (done.value.changed) await deps.unread.changed(userId);
  return ok(done.value.message);
}
