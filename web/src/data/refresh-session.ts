import { endDisabledSession, localExpiry, registerRefresher, setSession, type RefreshOutcome } from '@/apollo/session';
import { postOperation } from './post-operation';
import REFRESH_SESSION from '@/auth/graphql/refresh-session.mutation.graphql';

/**
 * The session refresh over plain HTTP (data/post-operation.ts): every page asks for it as it starts,
 * and a visitor's page must not need Apollo Client for that. apollo/session.ts keeps it single-flight.
 */
export function registerHttpRefresher(): void {
  registerRefresher(async (): Promise<RefreshOutcome> => {
    try {
      const { data } = await postOperation(REFRESH_SESSION);
      const result = data?.refreshSession;
      if (result?.accessToken && result.user) {
        setSession({
          accessToken: result.accessToken,
          expiresAt: localExpiry(result.accessToken, result.accessTokenExpiresAt),
          user: result.user,
        });
        return 'refreshed';
      }
      // A ban (met here on the next refresh, or at once when the gateway closes the live socket of a
      // revoked token: apollo/ws-link.ts) is told in the server's words, not as a lost session.
      if (result?.error?.code === 'ACCOUNT_DISABLED') {
        endDisabledSession({ title: result.error.title ?? result.error.message, message: result.error.message });
        return 'signed-out';
      }
      setSession(null);
      return 'signed-out';
    } catch {
      return 'unreachable';
    }
  });
}
