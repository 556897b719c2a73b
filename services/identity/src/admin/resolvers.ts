import { requireAdmin, requireScope, unwrap } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import type { QueryResolvers } from '../generated/graphql';
import { adminUsers, adminUsersConnection, adminUserStats, exportUsersCsv } from './users-table';

/** The administrators' users page: every field refuses anyone but an administrator (the kit's FORBIDDEN / UNAUTHENTICATED). */
export function adminQuery(deps: IdentityDeps): QueryResolvers {
  return {
    adminUsers: async (_parent, args, ctx) => {
      // An integration with customers:read reads the users table as an administrator does (issue 24).
      requireScope(ctx, 'customers:read');
      return unwrap(await adminUsers(deps, ctx.loaders, args));
    },
    adminUsersConnection: async (_parent, args, ctx) => {
      requireScope(ctx, 'customers:read');
      return unwrap(await adminUsersConnection(deps, ctx.loaders, args));
    },
    adminUserStats: (_parent, _args, ctx) => {
      requireAdmin(ctx);
      return adminUserStats(deps);
    },
    exportUsersCsv: async (_parent, args, ctx) => {
      requireAdmin(ctx);
      return unwrap(await exportUsersCsv(deps, args));
    },
  };
}
