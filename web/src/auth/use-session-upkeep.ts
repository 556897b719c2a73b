import { useEffect, type RefObject } from 'react';
import { getSessionState, refreshSession, startSession, type SessionState } from '@/apollo/session';
import { toast } from '@/components/ui/toast';
import { loadedApollo } from '@/data/apollo';
import { dropSeeds } from '@/data/seeds';

/** Spec §9: auto-refresh tick 30 s; refresh when 90 s remain. */
const TICK_MS = 30_000;
const REFRESH_MARGIN_MS = 90_000;

/**
 * What follows the session's changes: the server's visitor answers dropped once someone signs in,
 * and a ban told at once in the server's words, the signed-in data on screen going with the session.
 */
export function useSessionChanges(state: SessionState) {
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
}

/**
 * The session's start (the refresh cookie, if any, turns into an access token) and its upkeep.
 * `unreachable` says the server could not be reached when the session was last asked for.
 */
export function useSessionUpkeep(unreachable: RefObject<boolean>) {
  useEffect(() => {
    void startSession().then((outcome) => {
      unreachable.current = outcome === 'unreachable';
    });
  }, [unreachable]);

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
  }, [unreachable]);
}
