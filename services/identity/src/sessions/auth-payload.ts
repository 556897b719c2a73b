import type { Result } from '@lbf/service-kit';
import type { IdentityContext } from '../context';
import type { ResolversParentTypes } from '../generated/graphql';
import { setRefreshCookie } from './cookies';
import type { SignedIn } from './signed-in';

/** An AuthResult as the resolvers produce it: its user is the row, resolved further by User's resolvers. */
type AuthResultValue = ResolversParentTypes['AuthResult'];

/**
 * The AuthResult payload of sign-up, sign-in and refresh (the kit's toPayload, for a payload of
 * three data fields): a refusal is the payload's `error`; a signed-in answer carries the access
 * token in the body and sets the refresh token in the httpOnly cookie.
 */
export function authPayload(ctx: IdentityContext, result: Result<SignedIn>, production: boolean): AuthResultValue {
  if (!result.ok) return { accessToken: null, accessTokenExpiresAt: null, user: null, error: result.error };
  const signedIn = result.value;
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
