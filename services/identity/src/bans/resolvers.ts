import { isAdmin, requireAdmin, toPayload } from '@lbf/service-kit';
import type { MutationResolvers, UserBanResolvers, UserResolvers } from '../generated/graphql';
import type { IdentityDeps } from '../deps';
import { banUser } from './ban-user';
import { unbanUser } from './unban-user';

export function bansMutations(deps: IdentityDeps): MutationResolvers {
  return {
    banUser: async (_parent, args, ctx) => {
      const result = await banUser(deps, requireAdmin(ctx), args.input);
      // The answer's user reads banned without another query; their ban is read afresh.
      if (result.ok) {
        ctx.loaders.isBanned.clear(result.value.id).prime(result.value.id, true);
        ctx.loaders.ban.clear(result.value.id);
      }
      return toPayload('user', result);
    },

    unbanUser: async (_parent, args, ctx) => {
      const result = await unbanUser(deps, requireAdmin(ctx), args.input);
      if (result.ok) {
        ctx.loaders.isBanned.clear(result.value.id).prime(result.value.id, false);
        ctx.loaders.ban.clear(result.value.id).prime(result.value.id, null);
      }
      return toPayload('user', result);
    },
  };
}

/** User.ban: administrators only; anyone else reads null (the SDL's contract), as for a user who is not banned. */
export const userBan: UserResolvers = {
  ban: (u, _args, ctx) => (isAdmin(ctx) ? ctx.loaders.ban.load(u.id) : null),
};

export const userBanFields: UserBanResolvers = {
  bannedAt: (b) => new Date(b.bannedAt).toISOString(),
  bannedBy: (b, _args, ctx) => (b.bannedBy ? ctx.loaders.user.load(b.bannedBy) : null),
};
