import { adminOnly, batchLoader, isAdmin, perRequest, requireUser, type Payload, type Result } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { IdentityDeps } from '../deps';
import type { AccountDeletionResolvers, MutationResolvers, UserResolvers } from '../generated/graphql';
import type { Queryable } from '../shared/sql';
import { userById, type User } from '../shared/user';
import { adminDeleteUser } from './admin-delete-user';
import { cancelAccountDeletion, requestAccountDeletion } from './request-deletion';
import { pendingDeletions, type PendingDeletion } from './store';

/** The request's pending deletions by user id: one statement for a page of users (the admin table). */
const deletionLoader = perRequest((db: Queryable) => batchLoader((ids) => pendingDeletions(db, ids), null as PendingDeletion | null));

/** The account the answer names, its pendingDeletion as the use case left it (no second read of it). */
async function accountAfter(deps: IdentityDeps, ctx: IdentityContext, userId: string, result: Result<PendingDeletion | null>): Promise<Payload<'user', User>> {
  if (!result.ok) return { user: null, error: result.error };
  deletionLoader(ctx, deps.ds).clear(userId).prime(userId, result.value);
  return { user: (await ctx.loaders.user.load(userId)) ?? (await userById(deps.ds, userId)), error: null };
}

export function deletionMutations(deps: IdentityDeps): MutationResolvers {
  return {
    requestAccountDeletion: async (_parent, args, ctx) => {
      const auth = requireUser(ctx);
      return accountAfter(deps, ctx, auth.userId, await requestAccountDeletion(deps, auth, args.password, ctx));
    },
    cancelAccountDeletion: async (_parent, _args, ctx) => {
      const auth = requireUser(ctx);
      const result = await cancelAccountDeletion(deps, auth);
      return accountAfter(deps, ctx, auth.userId, result.ok ? { ok: true, value: null } : result);
    },
    adminDeleteUser: adminOnly(async (args: { userId: string; reason: string }, ctx: IdentityContext, admin) => {
      const result = await adminDeleteUser(deps, admin, args);
      return accountAfter(deps, ctx, result.ok ? result.value.userId : args.userId, result);
    }),
  };
}

/** User.pendingDeletion: the user themself and administrators; anyone else reads null. */
export function userDeletion(deps: IdentityDeps): UserResolvers {
  return {
    pendingDeletion: (u, _args, ctx) => (ctx.auth?.userId === u.id || ctx.actingUserId === u.id || isAdmin(ctx) ? deletionLoader(ctx, deps.ds).load(u.id) : null),
  };
}

export const accountDeletionFields: AccountDeletionResolvers = {
  requestedAt: (d) => d.requestedAt.toISOString(),
  scheduledFor: (d) => d.scheduledFor.toISOString(),
  byAdministrator: (d) => d.requestedBy !== null,
};
