import { requireAdmin, requireUser, toPayload, unwrap } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers, UserResolvers } from '../generated/graphql';
import { adminInternalMessages, adminInternalMessageStats, adminMarkMessageRead, adminSendMessage, messageRecipients } from './admin';
import { inboxPage, markMessageRead, unreadCount, type InboxDeps } from './inbox';
import { userInboxResolvers } from './user-inbox';

type MessagesResolvers = { Query: QueryResolvers; Mutation: MutationResolvers; Subscription: SubscriptionResolvers; User: UserResolvers };

/** Internal messages: the administrators' compose and history, each user's inbox and live badge. Thin. */
export function messagesResolvers(deps: InboxDeps): MessagesResolvers {
  return {
    Query: {
      messageRecipients: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return unwrap(await messageRecipients(deps, args));
      },
      adminInternalMessages: async (_p, args, ctx) => {
        requireAdmin(ctx);
        return unwrap(await adminInternalMessages(deps, args));
      },
      adminInternalMessageStats: async (_p, _a, ctx) => {
        requireAdmin(ctx);
        return adminInternalMessageStats(deps);
      },
      myMessages: async (_p, args, ctx) => {
        const user = requireUser(ctx);
        return unwrap(await inboxPage(deps, user.userId, args));
      },
      myUnreadMessageCount: async (_p, _a, ctx) => unreadCount(deps.ds.manager, requireUser(ctx).userId),
    },
    Mutation: {
      adminSendMessage: async (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return toPayload('message', await adminSendMessage(deps, admin, input));
      },
      adminMarkMessageRead: async (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return toPayload('message', await adminMarkMessageRead(deps, id));
      },
      markMessageRead: async (_p, { id }, ctx) => {
        const user = requireUser(ctx);
        return toPayload('message', await markMessageRead(deps, user.userId, id));
      },
    },
    Subscription: {
      myUnreadMessageCount: {
        subscribe: (_p, _a, ctx) => {
          const user = requireUser(ctx);
          return deps.unread.counts(user.userId, () => unreadCount(deps.ds.manager, user.userId));
        },
        resolve: (count: number) => count,
      },
    },
    User: userInboxResolvers(deps.ds),
  };
}
