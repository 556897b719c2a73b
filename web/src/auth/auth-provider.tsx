import { useEffect, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import {
  getServerSessionState,
  getSessionState,
  localExpiry,
  refreshSession,
  setSession,
  startSession,
  subscribeSession,
} from '@/apollo/session';
import { toast } from '@/components/ui/toast';
import { loadApollo, loadedApollo } from '@/data/apollo';
import { dropSeeds } from '@/data/seeds';
import { AuthContext, type AuthContextValue } from './auth-context';
import { SIGN_IN, SIGN_OUT, SIGN_UP, type AuthResult } from './operations';

/** Spec §9: auto-refresh tick 30 s; refresh when 90 s remain. */
const TICK_MS = 30_000;
const REFRESH_MARGIN_MS = 90_000;

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

  // The server's answers (data/seeds.ts) were a visitor's: once someone is signed in, no page starts from them.
  useEffect(() => {
    if (state.session) dropSeeds();
  }, [state.session]);

  // A ban ends the session on the open page (the live socket's close or the next refresh): say so
  // at once in the server's words; the signed-in data on screen goes with the session.
  useEffect(() => {
    if (!state.disabled) return;
    toast.error(state.disabled.title, { id: 'account-disabled', description: state.disabled.message });
    void loadedApollo()?.resetStore().catch(() => undefined);
  }, [state.disabled]);

  // Initial session: the refresh cookie, if any, turns into an access token.
  useEffect(() => {
    void startSession().then((outcome) => {
      unreachable.current = outcome === 'unreachable';
    });
  }, []);

  // Keep the token fresh; phones suspend timers in the background, so check on return too.
  // After a start without network, the session is asked for again when the phone is back
  // online or the tab visible (not on every tick: data is expensive).
  useEffect(() => {
    const check = () => {
      const { session } = getSessionState();
      if (session && session.expiresAt - Date.now() <= REFRESH_MARGIN_MS) void refreshSession();
    };
    const retryIfUnreachable = () => {
      if (!unreachable.current || getSessionState().session) return;
      void refreshSession().then((outcome) => {
        unreachable.current = outcome === 'unreachable';
      });
    };
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      check();
      retryIfUnreachable();
    };
    const timer = window.setInterval(check, TICK_MS);
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', retryIfUnreachable);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', retryIfUnreachable);
    };
  }, []);

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
