import { batchLoader, perRequest, requireSelfOrAdmin } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { InboxMessage, UserResolvers } from '../generated/graphql';
import { inboxMessageOf } from './inbox';
import { isUuid } from './rules';
import { unreadCountRows, userMessageRows } from './store';


/** How many of a user's newest messages `User.messages` gives (a bounded list, not a page). */
export const USER_MESSAGES_LIMIT = 200;

/**
 * Unread counts of several users in ONE SQL statement (a gateway `_entities` batch of N users):
 * each id of the list gets its count from the same inbox definition as `myUnreadMessageCount`.
 */
export async function unreadCounts(ds: DataSource, userIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(userIds.filter(isUuid))];
  const result = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (!ids.length) return result;
  for (const r of await unreadCountRows(ds.manager, ids)) result.set(r.user_id, r.n);
  return result;
}

/** The newest USER_MESSAGES_LIMIT messages of each of several users' inboxes, in ONE SQL statement. */
export async function userMessages(ds: DataSource, userIds: readonly string[], limit = USER_MESSAGES_LIMIT): Promise<Map<string, InboxMessage[]>> {
  const ids = [...new Set(userIds.filter(isUuid))];
  const result = new Map<string, InboxMessage[]>(userIds.map((id) => [id, []]));
  if (!ids.length) return result;
  for (const r of await userMessageRows(ds.manager, ids, limit)) result.get(r.inbox_user_id as string)?.push(inboxMessageOf(r));
  return result;
}

/** Every User field asked while one `_entities` batch resolves joins one load per kind (kit batchLoader). */
const loadersFor = perRequest((ds: DataSource) => ({
  unread: batchLoader((ids) => unreadCounts(ds, ids), 0),
  messages: batchLoader((ids) => userMessages(ds, ids), [] as InboxMessage[]),
}));

/**
 * `User.messages` and `User.unreadMessageCount` (the entity identity owns, extended here), batched
 * per request; the user themself or an administrator (the kit's guard: visitors UNAUTHENTICATED,
 * other customers FORBIDDEN).
 */
export function userInboxResolvers(ds: DataSource): UserResolvers {
  return {
    __resolveReference: (ref) => ({ id: ref.id }),
    messages: async (user, _args, ctx) => {
      requireSelfOrAdmin(ctx, user.id);
      return loadersFor(ctx, ds).messages.load(user.id);
    },
    unreadMessageCount: async (user, _args, ctx) => {
      requireSelfOrAdmin(ctx, user.id);
      return loadersFor(ctx, ds).unread.load(user.id);
    },
  };
}
