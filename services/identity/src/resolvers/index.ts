import { requireAdmin } from '@lbf/service-kit';
import type { Resolvers } from '../generated/graphql';
import { adminUsers, adminUserStats, exportUsersCsv } from '../operations/admin-users';
import { mutationResolvers } from './mutation';
import type { Operations } from './operations';
import { userBanResolvers, userResolvers } from './user';

export type { Operations };

export function createResolvers(ops: Operations): Resolvers {
  return {
    Query: {
      me: (_parent, _args, ctx) => (ctx.auth ? ctx.loaders.user.load(ctx.auth.userId) : null),
      adminUsers: (_parent, args, ctx) => {
        requireAdmin(ctx);
        return adminUsers(ops.ds, ctx.loaders, args);
      },
      adminUserStats: (_parent, _args, ctx) => {
        requireAdmin(ctx);
        return adminUserStats(ops.ds, ops.siteTimezone);
      },
      exportUsersCsv: (_parent, args, ctx) => {
        requireAdmin(ctx);
        return exportUsersCsv(ops.ds, args, ops.siteTimezone);
      },
    },
    Mutation: mutationResolvers(ops),
    User: userResolvers,
    UserBan: userBanResolvers,
  };
}
