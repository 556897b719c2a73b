/** What the store knows about a presented refresh token, read under a row lock. */
export interface StoredRefreshState {
  /** Null when no token has this hash (never issued, or cleaned up long after expiry). */
  token: { usedAt: Date | null; expiresAt: Date } | null;
  session: { revokedAt: Date | null } | null;
  userBanned: boolean;
}

export type RefreshDecision =
  | { kind: 'rotate' }
  /** A token already exchanged came back: it was copied. The whole family is revoked. */
  | { kind: 'reuse' }
  | { kind: 'banned' }
  | { kind: 'reject'; reason: 'unknown' | 'revoked' | 'expired' };

/**
 * Refresh-token rotation with reuse detection (the OAuth 2.0 security BCP pattern), as a pure
 * function of the stored state. A ban is reported as such even on a revoked session, so the
 * browser can tell the person why.
 */
export function decideRefresh(state: StoredRefreshState, now: Date): RefreshDecision {
  if (!state.token || !state.session) return { kind: 'reject', reason: 'unknown' };
  if (state.userBanned) return { kind: 'banned' };
  if (state.session.revokedAt) return { kind: 'reject', reason: 'revoked' };
  if (state.token.usedAt) return { kind: 'reuse' };
  if (state.token.expiresAt.getTime() <= now.getTime()) return { kind: 'reject', reason: 'expired' };
  return { kind: 'rotate' };
}
