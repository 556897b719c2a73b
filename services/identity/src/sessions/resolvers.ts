import type { MutationResolvers } from '../generated/graphql';
import { authPayload } from './auth-payload';
import { clearRefreshCookie, readRefreshCookie } from './cookies';
import { refreshSession } from './refresh-session';
import { signOut } from './sign-out';
import type { SessionsDeps } from './signed-in';

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
  };
}
