/** What the other rooms (accounts, bans) and the admin command use of sessions. */
export { AccessTokenIssuer, checkKeyPair } from './access-tokens';
export { authPayload } from './auth-payload';
export { killSessionTokens, killUserTokens } from './revocation';
export { completeSignIn, type SessionsDeps, type SignedIn } from './signed-in';
export { isBanned, openSession, revokeUserSessions, rolesOf, type OpenedSession } from './store';
