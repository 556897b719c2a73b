import type { Role } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import type { User } from '../shared/user';
import type { AccessTokenIssuer } from './access-tokens';
import type { OpenedSession } from './store';

/** What the sessions' use cases (and the accounts' sign-up and sign-in) need: identity's deps and the token signer. */
export interface SessionsDeps extends IdentityDeps {
  tokens: AccessTokenIssuer;
}

/** A signed-in answer: what the resolvers turn into an AuthResult and a cookie. */
export interface SignedIn extends OpenedSession {
  user: User;
  roles: Role[];
  accessToken: string;
  accessTokenExpiresAt: Date;
}

/** Signs the access token for an opened session (an administrator's carries their name and e-mail, for the journal). */
export function completeSignIn(tokens: AccessTokenIssuer, user: User, roles: Role[], opened: OpenedSession): SignedIn {
  const access = tokens.issue(user.id, opened.sessionId, roles, { name: `${user.firstName} ${user.lastName}`, email: user.email });
  return { ...opened, user, roles, accessToken: access.token, accessTokenExpiresAt: access.expiresAt };
}
