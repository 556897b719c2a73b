import { requireAdmin } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import { messages } from '../domain/messages';
import { retryMinutes } from '../domain/user-error';
import type { MutationResolvers } from '../generated/graphql';
import { clearRefreshCookie, readRefreshCookie } from '../operations/cookies';
import type { Operations } from './operations';
import { authFailure, authSuccess, guarded } from './results';

export function mutationResolvers(ops: Operations): MutationResolvers {
  const { production } = ops;
  return {
    createCaptcha: (_parent, _args, ctx) =>
      guarded(ctx, 'createCaptcha', async () => {
        const issued = await ops.captchas.create(ctx);
        if (!issued.ok) {
          throw new GraphQLError(messages.rateLimited(retryMinutes(issued.retryInMs)), { extensions: { code: 'RATE_LIMITED' } });
        }
        const { id, image, expiresAt, proofOfWork } = issued.captcha;
        return { id, image, expiresAt: expiresAt.toISOString(), proofOfWork };
      }),

    checkCaptcha: (_parent, args, ctx) =>
      guarded(ctx, 'checkCaptcha', () => ops.captchas.check(args.id, args.answer)),

    signUp: (_parent, args, ctx) =>
      guarded(ctx, 'signUp', async () => {
        const outcome = await ops.accounts.signUp(args.input, ctx);
        return outcome.ok ? authSuccess(ctx, outcome.signedIn, production) : authFailure(outcome.error);
      }),

    signIn: (_parent, args, ctx) =>
      guarded(ctx, 'signIn', async () => {
        const outcome = await ops.accounts.signIn(args.input, ctx);
        return outcome.ok ? authSuccess(ctx, outcome.signedIn, production) : authFailure(outcome.error);
      }),

    refreshSession: (_parent, _args, ctx) =>
      guarded(ctx, 'refreshSession', async () => {
        const outcome = await ops.sessions.refresh(readRefreshCookie(ctx.req));
        if (outcome.ok) return authSuccess(ctx, outcome.signedIn, production);
        clearRefreshCookie(ctx.res, production);
        return authFailure(outcome.error);
      }),

    signOut: (_parent, _args, ctx) =>
      guarded(ctx, 'signOut', async () => {
        await ops.sessions.signOut(readRefreshCookie(ctx.req), ctx.auth?.sessionId ?? null);
        clearRefreshCookie(ctx.res, production);
        return true;
      }),

    requestPasswordReset: (_parent, args, ctx) =>
      guarded(ctx, 'requestPasswordReset', async () => {
        const outcome = await ops.passwordResets.request(args.input, ctx);
        return outcome.ok ? { ok: true, message: outcome.message, error: null } : { ok: false, message: null, error: outcome.error };
      }),

    resetPassword: (_parent, args, ctx) =>
      guarded(ctx, 'resetPassword', async () => {
        const outcome = await ops.passwordResets.reset(args.input);
        return outcome.ok ? { ok: true, message: outcome.message, error: null } : { ok: false, message: null, error: outcome.error };
      }),

    banUser: (_parent, args, ctx) => {
      const admin = requireAdmin(ctx);
      return guarded(ctx, 'banUser', async () => {
        const outcome = await ops.bans.ban(admin, args.input);
        if (!outcome.ok) return { user: null, error: outcome.error };
        ctx.loaders.isBanned.clear(outcome.user.id).prime(outcome.user.id, true);
        return { user: outcome.user, error: null };
      });
    },
  };
}
