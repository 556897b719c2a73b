import type { IdentityContext } from '../context';
import type { UserError } from '@lbf/service-kit';
import type { ResolversParentTypes } from '../generated/graphql';
import { setRefreshCookie } from '../operations/cookies';
import type { SignedIn } from '../operations/sessions';

/** An AuthResult as the resolvers produce it: its user is the entity, resolved further by User's resolvers. */
type AuthResultValue = ResolversParentTypes['AuthResult'];

/**
 * Payloads of identity's mutations (the kit's idiom): a refusal is the payload's `error`, built from
 * the operation's `{ ok: false, error }`; any exception is a fault the kit logs and masks.
 */
export function authFailure(error: UserError): AuthResultValue {
  return { accessToken: null, accessTokenExpiresAt: null, user: null, error };
}

/** A signed-in answer: the access token in the body, the refresh token in the httpOnly cookie. */
export function authSuccess(ctx: IdentityContext, signedIn: SignedIn, production: boolean): AuthResultValue {
  setRefreshCookie(ctx.res, signedIn.refreshToken, signedIn.refreshExpiresAt, production);
  ctx.actingUserId = signedIn.user.id;
  ctx.loaders.user.prime(signedIn.user.id, signedIn.user);
  ctx.loaders.isAdmin.prime(signedIn.user.id, signedIn.roles.includes('admin'));
  return {
    accessToken: signedIn.accessToken,
    accessTokenExpiresAt: signedIn.accessTokenExpiresAt.toISOString(),
    user: signedIn.user,
    error: null,
  };
}

/** requestPasswordReset / resetPassword: the spec's confirmation, or the refusal. */
export function messageResult(outcome: { ok: true; message: string } | { ok: false; error: UserError }) {
  return outcome.ok ? { ok: true, message: outcome.message, error: null } : { ok: false, message: null, error: outcome.error };
}
