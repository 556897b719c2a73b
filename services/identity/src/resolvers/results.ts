import { GraphQLError } from 'graphql';
import { messages } from '../domain/messages';
import type { IdentityContext } from '../context';
import type { ResolversParentTypes, UserError } from '../generated/graphql';
import { setRefreshCookie } from '../operations/cookies';
import type { SignedIn } from '../operations/sessions';

/** An AuthResult as the resolvers produce it: its user is the entity, resolved further by User's resolvers. */
type AuthResultValue = ResolversParentTypes['AuthResult'];

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

/**
 * Expected refusals travel as UserError values; anything else is a fault: logged with its cause,
 * shown as the spec's 'Une erreur inattendue s'est produite.' without details.
 */
export async function guarded<T>(ctx: IdentityContext, operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof GraphQLError) throw err;
    ctx.log.error({ err, operation }, 'identity operation failed');
    throw new GraphQLError(messages.unexpected, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
  }
}
