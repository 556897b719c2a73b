import type { IdentityDeps } from '../deps';
import { killSessionTokens } from './revocation';
import { revokeForSignOut, sessionOfRefreshToken } from './store';

/** Ends the session of the refresh cookie and/or of the access token; harmless when there is none. */
export async function signOut(deps: IdentityDeps, refreshToken: string | null, sessionId: string | null): Promise<void> {
  const revoked = await deps.uow.run(async ({ manager }) => {
    const ids = new Set<string>();
    if (refreshToken) {
      const fromCookie = await sessionOfRefreshToken(manager, refreshToken);
      if (fromCookie) ids.add(fromCookie);
    }
    if (sessionId) ids.add(sessionId);
    if (!ids.size) return [];
    const live = await revokeForSignOut(manager, [...ids]);
    // The access token's session is killed even if it was revoked already (idempotent sign-out).
    return [...new Set([...live, ...ids])];
  });
  await killSessionTokens(deps.redis, revoked, deps.config);
}
