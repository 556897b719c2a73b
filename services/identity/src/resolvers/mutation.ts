import { requireAdmin } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import { messages } from '../domain/messages';
import { retryMinutes } from '../domain/user-error';
import type { MutationResolvers } from '../generated/graphql';
import { clearRefreshCookie, readRefreshCookie } from '../operations/cookies';
import type { Operations } from './operations';
import { authFailure, authSuccess, messageResult } from './results';

/**
 * Refusals come back from operations/ as `{ ok: false, error: UserError }` and go into the payload's
 * `error` (the kit's idiom); exceptions are faults, logged by the kit and masked in production.
 */
export function mutationResolvers(ops: Operations): MutationResolvers {
  const { production } = ops;
  return {
    createCaptcha: async (_parent, _args, ctx) => {
      const issued = await ops.captchas.create(ctx);
      if (!issued.ok) {
        throw new GraphQLError(messages.rateLimited(retryMinutes(issued.retryInMs)), { extensions: { code: 'RATE_LIMITED' } });
      }
      const { id, image, expiresAt, proofOfWork } = issued.captcha;
      return { id, image, expiresAt: expiresAt.toISOString(), proofOfWork };
    },

    checkCaptcha: (_parent, args) => ops.captchas.check(args.id, args.answer),

    signUp: async (_parent, args, ctx) => {
      const outcome = await ops.accounts.signUp(args.input, ctx);
      return outcome.ok ? authSuccess(ctx, outcome.signedIn, production) : authFailure(outcome.error);
    },

    signIn: async (_parent, args, ctx) => {
      const outcome = await ops.accounts.signIn(args.input, ctx);
      return outcome.ok ? authSuccess(ctx, outcome.signedIn, production) : authFailure(outcome.error);
    },

    refreshSession: async (_parent, _args, ctx) => {
      const outcome = await ops.sessions.refresh(readRefreshCookie(ctx.req));
      if (outcome.ok) return authSuccess(ctx, outcome.signedIn, production);
      clearRefreshCookie(ctx.res, production);
      return authFailure(outcome.error);
    },

    signOut: async (_parent, _args, ctx) => {
      await ops.sessions.signOut(readRefreshCookie(ctx.req), ctx.auth?.sessionId ?? null);
      clearRefreshCookie(ctx.res, production);
      return true;
    },

    requestPasswordReset: async (_parent, args, ctx) => messageResult(await ops.passwordResets.request(args.input, ctx)),

    resetPassword: async (_parent, args) => messageResult(await ops.passwordResets.reset(args.input)),

    banUser: async (_parent, args, ctx) => {
      const admin = requireAdmin(ctx);
      const outcome = await ops.bans.ban(admin, args.input);
      if (!outcome.ok) return { user: null, error: outcome.error };
      ctx.loaders.isBanned.clear(outcome.user.id).prime(outcome.user.id, true);
      ctx.loaders.ban.clear(outcome.user.id);
      return { user: outcome.user, error: null };
    },

    unbanUser: async (_parent, args, ctx) => {
      const admin = requireAdmin(ctx);
      const outcome = await ops.bans.unban(admin, args.input);
      if (!outcome.ok) return { user: null, error: outcome.error };
      ctx.loaders.isBanned.clear(outcome.user.id).prime(outcome.user.id, false);
      ctx.loaders.ban.clear(outcome.user.id).prime(outcome.user.id, null);
      return { user: outcome.user, error: null };
    },
  };
}
