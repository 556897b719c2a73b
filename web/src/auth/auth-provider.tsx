import { useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { getServerSessionState, getSessionState, localExpiry, setSession, subscribeSession } from '@/apollo/session';
import { loadApollo, loadedApollo } from '@/data/apollo';
import { AuthContext, type AuthContextValue } from './auth-context';
import { type AuthResult } from './operations';
import { useSessionChanges, useSessionUpkeep } from './use-session-upkeep';
import SIGN_IN from './graphql/sign-in.mutation.graphql';
import SIGN_OUT from './graphql/sign-out.mutation.graphql';
import SIGN_UP from './graphql/sign-up.mutation.graphql';

function adopt(result: AuthResult): AuthResult {
  if (result.accessToken && result.user && !result.error) {
    setSession({
      accessToken: result.accessToken,
      expiresAt: localExpiry(result.accessToken, result.accessTokenExpiresAt),
      user: result.user,
    });
  }
  return result;
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // The server renders every page as a visitor whose session is loading; the hydrating render
  // starts from the same state, then the refresh cookie (if any) signs the header in.
  const state = useSyncExternalStore(subscribeSession, getSessionState, getServerSessionState);

  /** The server could not be reached when the session was last asked for. */
  const unreachable = useRef(false);
  useSessionChanges(state);
  useSessionUpkeep(unreachable);

  const value = useMemo<AuthContextValue>(() => {
    const user = state.session?.user ?? null;
    return {
      user,
      loading: state.status === 'loading',
      isAdmin: user?.isAdmin === true,
      accountDisabled: state.disabled !== null,
      async signIn(input) {
        const { data } = await (await loadApollo()).mutate({ mutation: SIGN_IN, variables: { input }, fetchPolicy: 'no-cache' });
        if (!data) throw new Error('signIn returned no data');
        unreachable.current = false;
        return adopt(data.signIn);
      },
      async signUp(input) {
        const { data } = await (await loadApollo()).mutate({ mutation: SIGN_UP, variables: { input }, fetchPolicy: 'no-cache' });
        if (!data) throw new Error('signUp returned no data');
        return adopt(data.signUp);
      },
      async signOut() {
        await (await loadApollo()).mutate({ mutation: SIGN_OUT, fetchPolicy: 'no-cache' });
        setSession(null);
        unreachable.current = false;
        // Drop the signed-in user's data and refetch what is on screen (e.g. live counters), in
        // the background so that leaving the page is not held up by a slow network.
        void loadedApollo()?.resetStore().catch(() => undefined);
      },
    };
  }, [state]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
