import { requireAdmin, requireUser, validArgs, validInput, withUserErrors, type BaseContext } from '@lbf/service-kit';
import { pagingSchema } from '../domain/contact-rules';
import { recipientsArgsSchema, sendMessageSchema } from '../domain/messages-rules';
import type { Resolvers } from '../generated/graphql';
import { inboxPage, markMessageRead, unreadCount, type InboxDeps } from '../operations/inbox';
import { userInboxResolvers } from '../operations/user-inbox';
import { adminInternalMessages, adminInternalMessageStats, adminMarkMessageRead, adminSendMessage, messageRecipients } from '../operations/messages-admin';

/** Internal messages: the administrators' compose and history, each user's inbox and live badge. Thin. */
export function messagesResolvers(deps: InboxDeps): Resolvers {
  return {
    Query: {
      messageRecipients: async (_p, args, ctx) => {
        requireAdmin(ctx);
        const { search, first } = validArgs(recipientsArgsSchema, args);
        return messageRecipients(deps, search, first);
      },
      adminInternalMessages: async (_p, args, ctx) => {
        requireAdmin(ctx);
        const { page, pageSize } = validArgs(pagingSchema, args);
        return adminInternalMessages(deps, page, pageSize);
      },
      adminInternalMessageStats: async (_p, _a, ctx) => {
        requireAdmin(ctx);
        return adminInternalMessageStats(deps);
      },
      myMessages: async (_p, args, ctx) => {
        const user = requireUser(ctx);
        const { page, pageSize } = validArgs(pagingSchema, { page: args.page, pageSize: args.pageSize ?? 20 });
        return inboxPage(deps, user.userId, page, pageSize);
      },
      myUnreadMessageCount: async (_p, _a, ctx) => unreadCount(deps.ds.manager, requireUser(ctx).userId),
    },
    Mutation: {
      adminSendMessage: (_p, { input }, ctx) => {
        const admin = requireAdmin(ctx);
        return withUserErrors('message', () => adminSendMessage(deps, admin, validInput(sendMessageSchema, input)));
      },
      adminMarkMessageRead: (_p, { id }, ctx) => {
        requireAdmin(ctx);
        return withUserErrors('message', () => adminMarkMessageRead(deps, id));
      },
      markMessageRead: (_p, { id }, ctx) => {
        const user = requireUser(ctx);
        return withUserErrors('message', () => markMessageRead(deps, user.userId, id));
      },
    },
    Subscription: {
      myUnreadMessageCount: {
        subscribe: (_p: unknown, _a: unknown, ctx: BaseContext) => {
          const user = requireUser(ctx);
          return deps.unread.counts(user.userId, () => unreadCount(deps.ds.manager, user.userId));
        },
        resolve: (count: number) => count,
      },
    },
    User: userInboxResolvers(deps.ds),
  } as Resolvers;
}
