import { hasScope, type Result } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { MutationResolvers, QueryResolvers, UserResolvers } from '../generated/graphql';
import type { User } from '../shared/user';
import { authPayload, type SessionsDeps } from '../sessions';
import { requestPasswordReset, resetPassword } from './password-reset';
import { signIn } from './sign-in';
import { signUp } from './sign-up';

/** requestPasswordReset / resetPassword: the MessageResult payload (the spec's confirmation, or the refusal). */
function messagePayload(result: Result<string>) {
  return result.ok ? { ok: true, message: result.value, error: null } : { ok: false, message: null, error: result.error };
}

export const accountsQuery: QueryResolvers = {
  me: (_parent, _args, ctx) => (ctx.auth ? ctx.loaders.user.load(ctx.auth.userId) : null),
};

export function accountsMutations(deps: SessionsDeps): MutationResolvers {
  const { production } = deps.config;
  return {
    signUp: async (_parent, args, ctx) => authPayload(ctx, await signUp(deps, args.input, ctx), production),
    signIn: async (_parent, args, ctx) => authPayload(ctx, await signIn(deps, args.input, ctx), production),
    requestPasswordReset: async (_parent, args, ctx) => messagePayload(await requestPasswordReset(deps, args.input, ctx)),
    resetPassword: async (_parent, args) => messagePayload(await resetPassword(deps, args.input)),
  };
}

/** E-mail and phone are for the person themself, administrators and integrations reading customers only. */
function canSeePrivate(user: User, ctx: IdentityContext): boolean {
  return ctx.auth?.userId === user.id || ctx.actingUserId === user.id || hasScope(ctx, 'customers:read');
}

/** The User entity's own fields (its ban is the bans room's). */
export const userFields: UserResolvers = {
  __resolveReference: (ref, ctx) => ctx.loaders.user.load(ref.id),
  email: (u, _args, ctx) => (canSeePrivate(u, ctx) ? u.email : null),
  phone: (u, _args, ctx) => (canSeePrivate(u, ctx) ? u.phone : null),
  fullName: (u) => `${u.firstName} ${u.lastName}`.trim(),
  isAdmin: (u, _args, ctx) => ctx.loaders.isAdmin.load(u.id),
  isBanned: (u, _args, ctx) => ctx.loaders.isBanned.load(u.id),
  createdAt: (u) => new Date(u.createdAt).toISOString(),
};
