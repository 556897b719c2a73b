import { ok, type AuthUser, type Result } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import type { UserSession } from '../generated/graphql';
import { isUuid } from '../shared/secrets';
import { deviceOf } from './devices';
import { killSessionTokens } from './revocation';
import { liveSessionsOf, revokeOwnSessions, type LiveSessionRow } from './store';

/** One live session as « Mes données » shows it; `current` is the session of the access token asking. */
export function sessionView(row: LiveSessionRow, currentSessionId: string | null): UserSession {
  return {
    id: row.id,
    ...deviceOf(row.user_agent),
    ip: row.ip,
    signedInAt: row.created_at.toISOString(),
    lastUsedAt: new Date(row.last_used_at).toISOString(),
    current: row.id === currentSessionId,
  };
}

/** The person's live sessions, the one asking first, then by last use. */
export async function listSessions(deps: Pick<IdentityDeps, 'ds'>, userId: string, currentSessionId: string | null): Promise<UserSession[]> {
  const views = (await liveSessionsOf(deps.ds, userId)).map((row) => sessionView(row, currentSessionId));
  return [...views.filter((s) => s.current), ...views.filter((s) => !s.current)];
}

/**
 * Ends sessions of the person asking, at once, as signing out does: the rows are revoked (their
 * refresh tokens are refused from then on) and, once that commits, Redis is told, so every service's
 * verifier refuses their access tokens. `one`: that session if it is theirs (another person's id, an
 * unknown or ended one revokes nothing and says 0); `others`: all of theirs but the one asking.
 */
export async function revokeSessions(deps: Pick<IdentityDeps, 'uow' | 'redis' | 'config' | 'log'>, asker: AuthUser, which: { one: string } | 'others'): Promise<Result<number>> {
  if (which !== 'others' && !isUuid(which.one)) return ok(0);
  const target = which === 'others' ? { except: asker.sessionId } : { ids: [which.one] };
  const revoked = await deps.uow.run(({ manager }) => revokeOwnSessions(manager, asker.userId, target));
  await killSessionTokens(deps.redis, revoked, deps.config);
  if (revoked.length) deps.log.info({ userId: asker.userId, sessions: revoked.length }, 'sessions revoked by their user');
  return ok(revoked.length);
}
