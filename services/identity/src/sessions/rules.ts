/**
 * How long an exchanged token may be presented again and answered anew, provided the token its
 * first exchange issued was never used: the answer was lost (a phone's connection dropped, the page
 * was left while the refresh was under way). A copy of the token is still found out: once either
 * holder uses what they got, the other one's token is reuse, and the family dies.
 */
export const REFRESH_RETRY_WINDOW_MS = 60_000;

/** What the store knows about a presented refresh token, read under a row lock. */
export interface StoredRefreshState {
  /**
   * Null when no token has this hash (never issued, or cleaned up long after expiry).
   * `supersededAt`: issued by an exchange asked again (never received). `successorUsed`: a token
   * issued by exchanging this one has been used.
   */
  token: { usedAt: Date | null; expiresAt: Date; supersededAt?: Date | null; successorUsed?: boolean } | null;
  session: { revokedAt: Date | null } | null;
  userBanned: boolean;
}

export type RefreshDecision =
  | { kind: 'rotate' }
  /** Presented again within the retry window, its first answer unused: answered anew. */
  | { kind: 'retry' }
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
  if (state.token.supersededAt) return { kind: 'reuse' };
  if (state.token.usedAt) {
    const lostAnswer = now.getTime() - state.token.usedAt.getTime() <= REFRESH_RETRY_WINDOW_MS && !state.token.successorUsed;
    return lostAnswer ? { kind: 'retry' } : { kind: 'reuse' };
  }
  if (state.token.expiresAt.getTime() <= now.getTime()) return { kind: 'reject', reason: 'expired' };
  return { kind: 'rotate' };
}
