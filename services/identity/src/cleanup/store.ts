import { modify, type Queryable } from '../shared/sql';

export interface CleanupCounts {
  captchas: number;
  refreshTokens: number;
  sessions: number;
  passwordResets: number;
}

/**
 * Deletes what can no longer serve: spent or expired captchas and reset links, expired refresh
 * tokens, and the sign-in history the privacy page lets us keep no longer: sessions (their IP and
 * browser) `sessionDaysAfterEnd` after they were revoked, or once they expired (no refresh token
 * left) and began longer ago than that. A used refresh token is kept until it expires, because
 * presenting it again must still be recognised as reuse; a deleted session takes its tokens with it,
 * and an unknown token is refused all the same.
 */
export async function cleanupExpired(db: Queryable, sessionDaysAfterEnd: number): Promise<CleanupCounts> {
  const count = async (sql: string, params: unknown[] = []) => (await modify(db, sql, params)).count;
  return {
    captchas: await count(`DELETE FROM captchas WHERE used_at IS NOT NULL OR expires_at < now()`),
    refreshTokens: await count(
      `DELETE FROM refresh_tokens rt WHERE rt.expires_at < now()
          OR EXISTS (SELECT 1 FROM sessions s WHERE s.id = rt.session_id AND s.revoked_at IS NOT NULL AND rt.used_at IS NOT NULL)`,
    ),
    sessions: await count(
      `DELETE FROM sessions s WHERE s.revoked_at < now() - make_interval(days => $1)
          OR (s.created_at < now() - make_interval(days => $1) AND NOT EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.session_id = s.id))`,
      [sessionDaysAfterEnd],
    ),
    passwordResets: await count(`DELETE FROM password_resets WHERE used_at IS NOT NULL OR expires_at < now()`),
  };
}
