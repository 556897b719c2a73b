import { isAdmin } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { User } from '../entities';
import type { UserBanResolvers, UserResolvers } from '../generated/graphql';

/** E-mail and phone are for the person themself and for administrators only. */
function canSeePrivate(user: User, ctx: IdentityContext): boolean {
  return ctx.auth?.userId === user.id || ctx.actingUserId === user.id || isAdmin(ctx);
}

export const userResolvers: UserResolvers = {
  __resolveReference: (ref, ctx) => ctx.loaders.user.load(ref.id),
  email: (u, _args, ctx) => (canSeePrivate(u, ctx) ? u.email : null),
  phone: (u, _args, ctx) => (canSeePrivate(u, ctx) ? u.phone : null),
  fullName: (u) => `${u.firstName} ${u.lastName}`.trim(),
  isAdmin: (u, _args, ctx) => ctx.loaders.isAdmin.load(u.id),
  isBanned: (u, _args, ctx) => ctx.loaders.isBanned.load(u.id),
  createdAt: (u) => new Date(u.createdAt).toISOString(),
  // Administrators only; anyone else reads null (the SDL's contract), as for a user who is not banned.
  ban: (u, _args, ctx) => (isAdmin(ctx) ? ctx.loaders.ban.load(u.id) : null),
};

export const userBanResolvers: UserBanResolvers = {
  bannedAt: (b) => new Date(b.bannedAt).toISOString(),
  bannedBy: (b, _args, ctx) => (b.bannedBy ? ctx.loaders.user.load(b.bannedBy) : null),
};
