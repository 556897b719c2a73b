import { fail, ok, type Result, type Role, type Tx } from '@lbf/service-kit';
import { messages } from '../shared/messages';
import { CODES, userError } from '../shared/errors';
import { userById, type User } from '../shared/user';
import { killSessionTokens } from './revocation';
import { decideRefresh } from './rules';
import { completeSignIn, type SessionsDeps, type SignedIn } from './signed-in';
import {
  issueRefreshToken,
  isBanned,
  lockPresentedToken,
  markTokenUsed,
  revokeForReuse,
  rolesOf,
  supersedeAnswers,
  type OpenedSession,
  type PresentedToken,
} from './store';

const sessionExpired = () => userError(CODES.SESSION_EXPIRED, messages.sessionExpired);
const accountDisabled = () => userError(CODES.ACCOUNT_DISABLED, messages.accountDisabled, { title: messages.accountDisabledTitle });

type Exchanged = { user: User; roles: Role[]; opened: OpenedSession };

/** The transaction's answer: the exchange, and the session a reuse revoked (its access tokens die once it commits). */
interface Exchange {
  result: Result<Exchanged>;
  revokedSession: string | null;
}

/**
 * Exchanges a refresh token for a new one in the same session, and a new access token. The rows
 * are locked, so two requests presenting the same token cannot both rotate it: the second one is
 * reuse, and the family dies, unless it comes within the retry window and the first answer was
 * never used (it was lost on the way: rules.ts), when it is answered anew.
 */
export async function refreshSession(deps: SessionsDeps, refreshToken: string | null): Promise<Result<SignedIn>> {
  if (!refreshToken) return fail(sessionExpired());
  const { config, redis, uow, tokens } = deps;
  const exchange = await uow.run((tx) => exchangeToken(deps, tx, refreshToken));
  if (exchange.revokedSession) await killSessionTokens(redis, [exchange.revokedSession], config);
  if (!exchange.result.ok) return exchange.result;
  const { user, roles, opened } = exchange.result.value;
  return ok(completeSignIn(tokens, user, roles, opened));
}

async function exchangeToken(deps: SessionsDeps, { manager }: Tx, refreshToken: string): Promise<Exchange> {
  const row = await lockPresentedToken(manager, refreshToken);
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
      return { result: fail(sessionExpired()), revokedSession: null };
    case 'banned':
      return { result: fail(accountDisabled()), revokedSession: null };
    case 'reuse':
      await revokeForReuse(manager, row!.session_id);
      deps.log.warn({ sessionId: row!.session_id, userId: row!.user_id }, 'refresh token reused; session family revoked');
      return { result: fail(sessionExpired()), revokedSession: row!.session_id };
    case 'retry':
    case 'rotate':
      return { result: ok(await rotate(deps, manager, row!, decision.kind)), revokedSession: null };
  }
}

async function rotate(deps: SessionsDeps, manager: Tx['manager'], row: PresentedToken, kind: 'retry' | 'rotate'): Promise<Exchanged> {
  if (kind === 'rotate') {
    await markTokenUsed(manager, row.token_id);
  } else {
    await supersedeAnswers(manager, row.token_id);
    deps.log.info({ sessionId: row.session_id }, 'refresh token presented again within the retry window; answered anew');
  }
  const grant = await issueRefreshToken(manager, row.session_id, deps.config.refreshTokenTtlDays, row.token_id);
  const user = await userById(manager, row.user_id);
  const roles = await rolesOf(manager, user.id);
  return { user, roles, opened: { sessionId: row.session_id, ...grant } };
}
