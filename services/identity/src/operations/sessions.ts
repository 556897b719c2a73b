import { revocationKeys, type Role } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import type { EntityManager } from 'typeorm';
import { messages } from '../domain/messages';
import { decideRefresh } from '../domain/refresh';
import { hashToken, newOpaqueToken } from '../domain/secrets';
import { userError, type UserError } from '../domain/user-error';
import { User } from '../entities';
import type { Deps, RequestMeta } from './deps';
import { modify } from './sql';

export interface RefreshGrant {
  refreshToken: string;
  refreshExpiresAt: Date;
}

export interface OpenedSession extends RefreshGrant {
  sessionId: string;
}

/** A signed-in result: what the resolvers turn into an AuthResult and a cookie. */
export interface SignedIn extends OpenedSession {
  user: User;
  roles: Role[];
  accessToken: string;
  accessTokenExpiresAt: Date;
}

export function refreshExpiry(days: number, from = new Date()): Date {
  return new Date(from.getTime() + days * 86_400_000);
}

async function issueRefreshToken(manager: EntityManager, sessionId: string, days: number, parentId: string | null = null): Promise<RefreshGrant> {
  const refreshToken = newOpaqueToken();
  const refreshExpiresAt = refreshExpiry(days);
  await manager.query('INSERT INTO refresh_tokens (token_hash, session_id, expires_at, parent_id) VALUES ($1, $2, $3, $4)', [
    hashToken(refreshToken),
    sessionId,
    refreshExpiresAt,
    parentId,
  ]);
  return { refreshToken, refreshExpiresAt };
}

/** Starts a session (a new refresh-token family) inside the caller's transaction. */
export async function openSession(manager: EntityManager, userId: string, meta: RequestMeta, days: number): Promise<OpenedSession> {
  const [row] = (await manager.query('INSERT INTO sessions (user_id, user_agent, ip) VALUES ($1, $2, $3) RETURNING id', [
    userId,
    meta.userAgent?.slice(0, 500) ?? null,
    meta.ip,
  ])) as Array<{ id: string }>;
  const grant = await issueRefreshToken(manager, row!.id, days);
  return { sessionId: row!.id, ...grant };
}

/** Revokes every live session of a user; returns their ids so their access tokens can be killed too. */
export async function revokeUserSessions(manager: EntityManager, userId: string, reason: string): Promise<string[]> {
  const { rows } = await modify<{ id: string }>(
    manager,
    'UPDATE sessions SET revoked_at = now(), revoke_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL RETURNING id',
    [userId, reason],
  );
  return rows.map((r) => r.id);
}

/** Makes the verifier of every service refuse these sessions' access tokens from now on. */
export async function killSessionTokens(redis: Redis, sessionIds: string[], ttlSeconds: number, redisKeyPrefix: string): Promise<void> {
  if (!sessionIds.length) return;
  const pipeline = redis.pipeline();
  const keys = revocationKeys(redisKeyPrefix);
  for (const sid of sessionIds) pipeline.set(keys.session(sid), '1', 'EX', ttlSeconds);
  const results = await pipeline.exec();
  const failed = results?.find(([err]) => err);
  if (failed) throw failed[0];
}

export async function rolesOf(manager: EntityManager, userId: string): Promise<Role[]> {
  const rows = (await manager.query('SELECT 1 FROM admin_roles WHERE user_id = $1 LIMIT 1', [userId])) as unknown[];
  return rows.length ? ['admin'] : [];
}

export async function isBanned(manager: EntityManager, userId: string): Promise<boolean> {
  const rows = (await manager.query('SELECT 1 FROM user_bans WHERE user_id = $1 AND is_active LIMIT 1', [userId])) as unknown[];
  return rows.length > 0;
}

export type RefreshOutcome = { ok: true; signedIn: SignedIn } | { ok: false; error: UserError };

const sessionExpired = () => userError('SESSION_EXPIRED', messages.sessionExpired);

export class Sessions {
  constructor(private readonly deps: Deps) {}

  /** Signs the access token for an opened session. */
  complete(user: User, roles: Role[], opened: OpenedSession): SignedIn {
    const access = this.deps.tokens.issue(user.id, opened.sessionId, roles);
    return { ...opened, user, roles, accessToken: access.token, accessTokenExpiresAt: access.expiresAt };
  }

  /**
   * Exchanges a refresh token for a new one in the same session, and a new access token. The rows
   * are locked, so two requests presenting the same token cannot both rotate it: the second one is
   * reuse, and the family dies, unless it comes within the retry window and the first answer was
   * never used (it was lost on the way: domain/refresh.ts), when it is answered anew.
   */
  async refresh(refreshToken: string | null): Promise<RefreshOutcome> {
    if (!refreshToken) return { ok: false, error: sessionExpired() };
    const { config, redis } = this.deps;
    const outcome = await this.deps.uow.run(async ({ manager }) => {
      const rows = (await manager.query(
        `SELECT rt.id AS token_id, rt.used_at, rt.expires_at, rt.superseded_at, s.id AS session_id, s.user_id, s.revoked_at,
                EXISTS (SELECT 1 FROM refresh_tokens c WHERE c.parent_id = rt.id AND c.used_at IS NOT NULL) AS successor_used
           FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id
          WHERE rt.token_hash = $1
          FOR UPDATE OF rt, s`,
        [hashToken(refreshToken)],
      )) as Array<{
        token_id: string;
        used_at: Date | null;
        expires_at: Date;
        superseded_at: Date | null;
        successor_used: boolean;
        session_id: string;
        user_id: string;
        revoked_at: Date | null;
      }>;
      const row = rows[0];
      const banned = row ? await isBanned(manager, row.user_id) : false;
      const decision = decideRefresh(
        {
          token: row ? { usedAt: row.used_at, expiresAt: row.expires_at, supersededAt: row.superseded_at, successorUsed: row.successor_used } : null,
          session: row ? { revokedAt: row.revoked_at } : null,
          userBanned: banned,
        },
        new Date(),
      );
      switch (decision.kind) {
        case 'reject':
          return { ok: false as const, error: sessionExpired() };
        case 'banned':
          return { ok: false as const, error: userError('ACCOUNT_DISABLED', messages.accountDisabled, { title: messages.accountDisabledTitle }) };
        case 'reuse':
          await manager.query("UPDATE sessions SET revoked_at = now(), revoke_reason = 'refresh-token-reuse' WHERE id = $1", [row!.session_id]);
          this.deps.log.warn({ sessionId: row!.session_id, userId: row!.user_id }, 'refresh token reused; session family revoked');
          return { ok: false as const, error: sessionExpired(), revokedSession: row!.session_id };
        case 'retry':
        case 'rotate': {
          if (decision.kind === 'rotate') {
            await manager.query('UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [row!.token_id]);
          } else {
            // The first answer never arrived: its token is set aside (presenting it later is reuse).
            await manager.query('UPDATE refresh_tokens SET superseded_at = now() WHERE parent_id = $1 AND used_at IS NULL AND superseded_at IS NULL', [
              row!.token_id,
            ]);
            this.deps.log.info({ sessionId: row!.session_id }, 'refresh token presented again within the retry window; answered anew');
          }
          const grant = await issueRefreshToken(manager, row!.session_id, config.refreshTokenTtlDays, row!.token_id);
          const user = await manager.findOneByOrFail(User, { id: row!.user_id });
          const roles = await rolesOf(manager, user.id);
          return { ok: true as const, user, roles, opened: { sessionId: row!.session_id, ...grant } };
        }
      }
    });
    if (!outcome.ok) {
      if ('revokedSession' in outcome && outcome.revokedSession) {
        await killSessionTokens(redis, [outcome.revokedSession], config.accessTokenTtlSeconds, config.redisKeyPrefix);
      }
      return { ok: false, error: outcome.error };
    }
    return { ok: true, signedIn: this.complete(outcome.user, outcome.roles, outcome.opened) };
  }

  /** Ends the session of the refresh cookie and/or of the access token; harmless when there is none. */
  async signOut(refreshToken: string | null, sessionId: string | null): Promise<void> {
    const revoked = await this.deps.uow.run(async ({ manager }) => {
      const ids = new Set<string>();
      if (refreshToken) {
        const rows = (await manager.query('SELECT session_id FROM refresh_tokens WHERE token_hash = $1', [hashToken(refreshToken)])) as Array<{
          session_id: string;
        }>;
        if (rows[0]) ids.add(rows[0].session_id);
      }
      if (sessionId) ids.add(sessionId);
      if (!ids.size) return [];
      const { rows } = await modify<{ id: string }>(
        manager,
        "UPDATE sessions SET revoked_at = now(), revoke_reason = 'sign-out' WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL RETURNING id",
        [[...ids]],
      );
      // The access token's session is killed even if it was revoked already (idempotent sign-out).
      return [...new Set([...rows.map((r) => r.id), ...ids])];
    });
    await killSessionTokens(this.deps.redis, revoked, this.deps.config.accessTokenTtlSeconds, this.deps.config.redisKeyPrefix);
  }
}
