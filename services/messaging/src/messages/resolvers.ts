import { adminOnly, requireUser, toPayload, unwrap } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, SubscriptionResolvers, UserResolvers } from '../generated/graphql';
import { adminInternalMessages, adminInternalMessageStats, adminMarkMessageRead, adminSendMessage, messageRecipients } from './admin';
import { inboxPage, markMessageRead, unreadCount, type InboxDeps } from './inbox';
import { userInboxResolvers } from './user-inbox';

type MessagesResolvers = { Query: QueryResolvers; Mutation: MutationResolvers; Subscription: SubscriptionResolvers; User: UserResolvers };

/** Internal messages: the administrators' compose and history, each user's inbox and live badge. Thin. */
export function messagesResolvers(deps: InboxDeps): MessagesResolvers {
  return {
    Query: {
      messageRecipients: adminOnly(async (args) => unwrap(await messageRecipients(deps, args))),
      adminInternalMessages: adminOnly(async (args) => unwrap(await adminInternalMessages(deps, args))),
      adminInternalMessageStats: adminOnly(() => adminInternalMessageStats(deps)),
      myMessages: async (_p, args, ctx) => {
        const user = requireUser(ctx);
        return unwrap(await inboxPage(deps, user.userId, args));
      },
      myUnreadMessageCount: async (_p, _a, ctx) => unreadCount(deps.ds.manager, requireUser(ctx).userId),
    },
    Mutation: {
      adminSendMessage: adminOnly(async ({ input }, _ctx, admin) => toPayload('message', await adminSendMessage(deps, admin, input))),
      adminMarkMessageRead: adminOnly(async ({ id }, _ctx, admin) => toPayload('message', await adminMarkMessageRead(deps, admin, id))),
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
