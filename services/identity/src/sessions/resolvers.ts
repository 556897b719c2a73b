import { requireUser, type Result } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { MutationResolvers, UserResolvers } from '../generated/graphql';
import { requireSelf } from '../shared/self';
import { authPayload } from './auth-payload';
import { clearRefreshCookie, readRefreshCookie } from './cookies';
import { listSessions, revokeSessions } from './device-sessions';
import { refreshSession } from './refresh-session';
import { signOut } from './sign-out';
import type { SessionsDeps } from './signed-in';

async function revokedPayload(ctx: IdentityContext, userId: string, result: Result<number>) {
  return result.ok ? { user: await ctx.loaders.user.load(userId), revoked: result.value, error: null } : { user: null, revoked: 0, error: result.error };
}

export function sessionsMutations(deps: SessionsDeps): MutationResolvers {
  const { production } = deps.config;
  return {
    refreshSession: async (_parent, _args, ctx) => {
      const result = await refreshSession(deps, readRefreshCookie(ctx.req));
      if (!result.ok) clearRefreshCookie(ctx.res, production);
      return authPayload(ctx, result, production);
    },
    signOut: async (_parent, _args, ctx) => {
      await signOut(deps, readRefreshCookie(ctx.req), ctx.auth?.sessionId ?? null);
      clearRefreshCookie(ctx.res, production);
      return true;
    },
    revokeSession: async (_parent, args, ctx) => {
      const asker = requireUser(ctx);
      return revokedPayload(ctx, asker.userId, await revokeSessions(deps, asker, { one: args.id }));
    },
    revokeOtherSessions: async (_parent, _args, ctx) => {
      const asker = requireUser(ctx);
      return revokedPayload(ctx, asker.userId, await revokeSessions(deps, asker, 'others'));
    },
  };
}

/** User.sessions: the person themself only (FORBIDDEN for anyone else, administrators included). */
export function userSessions(deps: SessionsDeps): UserResolvers {
  return {
    sessions: (u, _args, ctx) => listSessions(deps, requireSelf(ctx, u.id).userId, ctx.auth!.sessionId),
  };
}
