import type { SessionUser } from '@/auth/operations';

/**
 * The signed-in session, held in memory only: the access token never touches storage; the
 * refresh token lives in the httpOnly `lbf_refresh` cookie the browser sends to /graphql.
 */
export interface Session {
  accessToken: string;
  /** Local clock time (ms) at which the token expires; see `localExpiry`. */
  expiresAt: number;
  user: SessionUser;
}

export interface SessionState {
  /** 'loading' until the first refreshSession answered (or failed). */
  status: 'loading' | 'ready';
  session: Session | null;
  /**
   * Set when the server ended the session because the account is banned (its words, e.g.
   * 'Compte désactivé' / 'Votre compte est désactivé'); null otherwise. Cleared by the next session.
   */
  disabled: AccountDisabled | null;
}

/** The server's refusal of a banned account, as it worded it. */
export interface AccountDisabled {
  title: string;
  message: string;
}

export type RefreshOutcome = 'refreshed' | 'signed-out' | 'unreachable';

/**
 * The state every render starts from, on the server (always a visitor's render) and in the
 * browser's hydrating render alike: the session is 'loading', so the HTML never depends on who asked.
 */
export const INITIAL_SESSION_STATE: SessionState = Object.freeze({ status: 'loading', session: null, disabled: null });

let state: SessionState = INITIAL_SESSION_STATE;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSessionState(): SessionState {
  return state;
}

/** useSyncExternalStore's server snapshot: what the server rendered with. */
export function getServerSessionState(): SessionState {
  return INITIAL_SESSION_STATE;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentAccessToken(): string | null {
  return state.session?.accessToken ?? null;
}

export function setSession(session: Session | null): void {
  state = { status: 'ready', session, disabled: null };
  emit();
}

/** The server refused the session because the account is banned: signed out, and told why. */
export function endDisabledSession(disabled: AccountDisabled): void {
  state = { status: 'ready', session: null, disabled };
  emit();
}

export function markSessionReady(): void {
  if (state.status === 'ready') return;
  state = { ...state, status: 'ready' };
  emit();
}

/**
 * Cheap phones often run with a wrong clock, so the expiry is computed from the token's own
 * lifetime (exp - iat) counted from now, rather than by comparing the server's timestamp with
 * the local clock. Falls back to the server's accessTokenExpiresAt when the token is opaque.
 */
export function localExpiry(accessToken: string, serverExpiresAt: string | null): number {
  try {
    const payload = accessToken.split('.')[1];
    if (payload) {
      const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
        exp?: number;
        iat?: number;
      };
      if (typeof json.exp === 'number' && typeof json.iat === 'number' && json.exp > json.iat) {
        return Date.now() + (json.exp - json.iat) * 1000;
      }
    }
  } catch {
    // Not a JWT we can read: use the server's timestamp below.
  }
  if (serverExpiresAt) {
    const numeric = /^\d+$/.test(serverExpiresAt) ? Number(serverExpiresAt) : Date.parse(serverExpiresAt);
    if (Number.isFinite(numeric)) return numeric < 1e12 ? numeric * 1000 : numeric;
  }
  return Date.now() + 5 * 60_000;
}

let refresher: (() => Promise<RefreshOutcome>) | null = null;
let inflight: Promise<RefreshOutcome> | null = null;

export function registerRefresher(fn: () => Promise<RefreshOutcome>): void {
  refresher = fn;
}

/**
 * Single-flight refresh. The refresh token rotates and reuse is detected by the server, so two
 * concurrent refreshes would revoke the session: within a tab one request is shared, and across
 * tabs a Web Lock serialises them (the second tab then sends the already-rotated cookie).
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!refresher) return Promise.resolve('unreachable');
  if (inflight) return inflight;
  const run = refresher;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const attempt: Promise<RefreshOutcome> = locks
    ? locks.request('lbf-session-refresh', () => run()).then((outcome) => outcome)
    : run();
  const shared = attempt.finally(() => {
    inflight = null;
  });
  inflight = shared;
  return shared;
}

let initial: Promise<RefreshOutcome> | null = null;

/**
 * The page's first refresh (the refresh cookie, if any, becomes a session), asked once whoever asks
 * first: main.tsx as a server-rendered page starts (a signed-in visitor's page then hydrates at
 * once), or the auth provider as the app renders. The session is 'ready' once it has answered.
 */
export function startSession(): Promise<RefreshOutcome> {
  initial ??= refreshSession().then((outcome) => {
    markSessionReady();
    return outcome;
  });
  return initial;
}
