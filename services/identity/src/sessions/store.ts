import type { Role } from '@lbf/service-kit';
import { hashToken, newOpaqueToken } from '../shared/secrets';
import { modify, select, type Queryable } from '../shared/sql';
import type { RequestMeta } from '../shared/request';

/** The sessions' data-access door: sessions, refresh_tokens, and what a session may carry (roles, ban). */

export interface RefreshGrant {
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface OpenedSession extends RefreshGrant {
  sessionId: string;
}

export function refreshExpiry(days: number, from = new Date()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

export async function issueRefreshToken(db: Queryable, sessionId: string, days: number, parentId: string | null = null): Promise<RefreshGrant> {
  const refreshToken = newOpaqueToken();
  const refreshExpiresAt = refreshExpiry(days);
  await db.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at, parent_id) VALUES ($1, $2, $3, $4)', [
    hashToken(refreshToken),
    sessionId,
    refreshExpiresAt,
    parentId,
  ]);
  return { refreshToken, refreshExpiresAt };
}

/** Starts a session (a new refresh-token family) inside the caller's transaction. */
export async function openSession(db: Queryable, userId: string, meta: RequestMeta, days: number): Promise<OpenedSession> {
  const [row] = await select<{ id: string }>(db, 'INSERT INTO sessions (user_id, user_agent, ip) VALUES ($1, $2, $3) RETURNING id', [
    userId,
    meta.userAgent?.slice(0, 500) ?? null,
    meta.ip,
  ]);
  const grant = await issueRefreshToken(db, row!.id, days);
  return { sessionId: row!.id, ...grant };
}

/** Revokes every live session of a user; returns their ids so their access tokens can be killed too. */
export async function revokeUserSessions(db: Queryable, userId: string, reason: string): Promise<string[]> {
  const { rows } = await modify<{ id: string }>(
    db,
    'UPDATE sessions SET revoked_at = now(), revoke_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId, reason],
  );
  return rows.map((r) => r.id);
}

export async function rolesOf(db: Queryable, userId: string): Promise<Role[]> {
  const rows = await select(db, 'SELECT 1 FROM admin_roles WHERE user_id = $1 LIMIT 1', [userId]);
  return rows.length ? ['admin'] : [];
}

export async function isBanned(db: Queryable, userId: string): Promise<boolean> {
  const rows = await select(db, 'SELECT 1 FROM user_bans WHERE user_id = $1 AND is_active LIMIT 1', [userId]);
  return rows.length > 0;
}


/** A presented refresh token with its session, locked (FOR UPDATE) until the transaction ends. */
export interface PresentedToken {
  token_id: string;
  used_at: Date | null;
  expires_at: Date;
  superseded_at: Date | null;
  successor_used: boolean;
  session_id: string;
  user_id: string;
  revoked_at: Date | null;
}

export async function lockPresentedToken(db: Queryable, refreshToken: string): Promise<PresentedToken | null> {
  const [row] = await select<PresentedToken>(
    db,
    `SELECT rt.id AS token_id, rt.used_at, rt.expires_at, rt.superseded_at, s.id AS session_id, s.user_id, s.revoked_at,
            EXISTS (SELECT 1 FROM refresh_tokens c WHERE c.parent_id = rt.id AND c.used_at IS NOT NULL) AS successor_used
       FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
      WHERE rt.token_hash = $1
      FOR UPDATE OF rt, s`,
    [hashToken(refreshToken)],
  );
  return row ?? null;
}

export async function revokeForReuse(db: Queryable, sessionId: string): Promise<void> {
  await db.query("UPDATE sessions SET revoked_at = now(), revoke_reason = 'refresh-token-reuse' WHERE id = $1", [sessionId]);
}

export async function markTokenUsed(db: Queryable, tokenId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [tokenId]);
}

/** The first answer to this token never arrived: the token it issued is set aside (presenting it later is reuse). */
export async function supersedeAnswers(db: Queryable, tokenId: string): Promise<void> {
  await db.query('UPDATE refresh_tokens SET superseded_at = now() WHERE parent_id = $1 AND used_at IS NULL AND superseded_at IS NULL', [tokenId]);
}

export async function sessionOfRefreshToken(db: Queryable, refreshToken: string): Promise<string | null> {
  const [row] = await select<{ session_id: string }>(db, 'SELECT session_id FROM refresh_tokens WHERE token_hash = $1', [hashToken(refreshToken)]);
  return row?.session_id ?? null;
}

/** Revokes these sessions for a sign-out; returns those that were live. */
export async function revokeForSignOut(db: Queryable, sessionIds: string[]): Promise<string[]> {
  const { rows } = await modify<{ id: string }>(
    db,
    "UPDATE sessions SET revoked_at = now(), revoke_reason = 'sign-out' WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL RETURNING id",
    [sessionIds],
  );
  return rows.map((r) => r.id);
}

/** A live session as « Mes données » lists it: when it began, its last renewal (its newest refresh token), the device and address it began on. */
export interface LiveSessionRow {
  id: string;
  created_at: Date;
  last_used_at: Date;
  user_agent: string | null;
  ip: string | null;
}

/** The user's live sessions: not revoked, with a refresh token still valid; most recently used first. */
export async function liveSessionsOf(db: Queryable, userId: string): Promise<LiveSessionRow[]> {
  return select<LiveSessionRow>(
    db,
    `SELECT s.id, s.created_at, s.user_agent, s.ip, GREATEST(s.created_at, max(rt.created_at)) AS last_used_at
       FROM sessions s JOIN refresh_tokens rt ON rt.session_id = s.id
      WHERE s.user_id = $1 AND s.revoked_at IS NULL
      GROUP BY s.id
     HAVING max(rt.expires_at) > now()
      ORDER BY last_used_at DESC, s.id`,
    [userId],
  );
}

/**
 * Revokes the user's live sessions among `ids` (only theirs: another person's id revokes nothing), or
 * all of theirs but `except` when `ids` is null; returns the ids revoked.
 */
export async function revokeOwnSessions(db: Queryable, userId: string, target: { ids: string[] } | { except: string | null }): Promise<string[]> {
  const byIds = 'ids' in target;
  const { rows } = await modify<{ id: string }>(
    db,
    `UPDATE sessions SET revoked_at = now(), revoke_reason = 'revoked-by-user'
      WHERE user_id = $1 AND revoked_at IS NULL AND ${byIds ? 'id = ANY($2::uuid[])' : '($2::uuid IS NULL OR id <> $2::uuid)'}
      RETURNING id`,
    [userId, byIds ? target.ids : target.except],
  );
  return rows.map((r) => r.id);
}
