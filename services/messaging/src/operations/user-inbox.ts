import { requireUser, type BaseContext } from '@lbf/service-kit';
import DataLoader from 'dataloader';
import { GraphQLError } from 'graphql';
import type { DataSource } from 'typeorm';
import { isUuid } from '../domain/messages-rules';
import type { InboxMessage } from '../generated/graphql';
import { fromInbox, inboxMessageOf, MY_READ_AT, type Row } from './inbox';

/** A User entity reference (federation): messaging resolves the inbox fields of `User` from its id. */
export interface UserRef {
  id: string;
}

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
  const rows = (await ds.query(
    `SELECT u.id::text AS user_id, (SELECT count(*)::int ${fromInbox('u.id')} AND ${MY_READ_AT} IS NULL) AS n
       FROM unnest($1::uuid[]) AS u(id)`,
    [ids],
  )) as Array<{ user_id: string; n: number }>;
  for (const r of rows) result.set(r.user_id, r.n);
  return result;
}

/** The newest USER_MESSAGES_LIMIT messages of each of several users' inboxes, in ONE SQL statement. */
export async function userMessages(ds: DataSource, userIds: readonly string[], limit = USER_MESSAGES_LIMIT): Promise<Map<string, InboxMessage[]>> {
  const ids = [...new Set(userIds.filter(isUuid))];
  const result = new Map<string, InboxMessage[]>(userIds.map((id) => [id, []]));
  if (!ids.length) return result;
  const rows = (await ds.query(
    `SELECT u.id::text AS inbox_user_id, x.*
       FROM unnest($1::uuid[]) AS u(id)
       CROSS JOIN LATERAL (SELECT m.*, ${MY_READ_AT} AS my_read_at ${fromInbox('u.id')} ORDER BY m.sent_at DESC, m.id DESC LIMIT $2) x
      ORDER BY u.id, x.sent_at DESC, x.id DESC`,
    [ids, limit],
  )) as Row[];
  for (const r of rows) result.get(r.inbox_user_id as string)?.push(inboxMessageOf(r));
  return result;
}

interface InboxLoaders {
  unread: DataLoader<string, number>;
  messages: DataLoader<string, InboxMessage[]>;
}

/**
 * Per-request loaders, kept on the request's context object (so two requests never share a
 * result): every User field asked while one `_entities` batch resolves joins one load. The batch
 * is dispatched on setImmediate, after every resolver of the batch has run, however many promise
 * turns the federation library takes between entities.
 */
const loadersByRequest = new WeakMap<object, InboxLoaders>();

function loadersFor(ds: DataSource, ctx: object): InboxLoaders {
  let loaders = loadersByRequest.get(ctx);
  if (!loaders) {
    const options = { batchScheduleFn: (run: () => void) => void setImmediate(run) };
    loaders = {
      unread: new DataLoader(async (ids: readonly string[]) => {
        const counts = await unreadCounts(ds, ids);
        return ids.map((id) => counts.get(id) ?? 0);
      }, options),
      messages: new DataLoader(async (ids: readonly string[]) => {
        const lists = await userMessages(ds, ids);
        return ids.map((id) => lists.get(id) ?? []);
      }, options),
    };
    loadersByRequest.set(ctx, loaders);
  }
  return loaders;
}

/** The user themself or an administrator; visitors UNAUTHENTICATED, other customers FORBIDDEN. */
function mayRead(ctx: BaseContext, userId: string): void {
  const viewer = requireUser(ctx);
  if (viewer.userId !== userId && !viewer.roles.includes('admin')) {
    throw new GraphQLError('Accès refusé', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
  }
}

/** `User.messages` and `User.unreadMessageCount` (the entity identity owns, extended here), batched per request. */
export function userInboxResolvers(ds: DataSource) {
  return {
    __resolveReference: (ref: UserRef) => ({ id: ref.id }),
    messages: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return loadersFor(ds, ctx).messages.load(user.id);
    },
    unreadMessageCount: async (user: UserRef, _args: unknown, ctx: BaseContext) => {
      mayRead(ctx, user.id);
      return loadersFor(ds, ctx).unread.load(user.id);
    },
  };
}
