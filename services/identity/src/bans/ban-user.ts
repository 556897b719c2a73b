import { fail, ok, recordAdminAction, revocationKeys, type AdminActor, type Result, type Tx } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { validationError } from '../shared/errors';
import { anotherAdminStays, lockAdminGuard } from '../shared/admins';
import { messages } from '../shared/messages';
import { isUniqueViolation } from '../shared/sql';
import { journalTarget, userById, type User } from '../shared/user';
import { revokeUserSessions } from '../sessions';
import { banRequest, type BanRequest } from './rules';
import { hasActiveBan, insertBan, lockUser } from './store';

/**
 * Bans a user at once: the ban, the end of every session and the event commit together, and
 * before the commit Redis is told to refuse every access token issued to them so far, in every
 * service. Banning someone already banned changes nothing and succeeds. An administrator cannot
 * ban themself, nor the last administrator who is not banned.
 */
export async function banUser(deps: IdentityDeps, admin: AdminActor, input: { userId: string; reason: string }): Promise<Result<User>> {
  const request = banRequest(admin.userId, input);
  if (!request.ok) return request;
  try {
    return await deps.uow.run((tx) => banInTransaction(deps, tx, admin, request.value));
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Another administrator banned them in the same instant.
    return ok(await userById(deps.ds, request.value.userId));
  }
}

async function banInTransaction(deps: IdentityDeps, tx: Tx, admin: AdminActor, { userId, reason }: BanRequest): Promise<Result<User>> {
  const { redis, config, log } = deps;
  const { manager, emit } = tx;
  await lockAdminGuard(manager);
  const user = await lockUser(manager, userId);
  if (!user) return fail(validationError('userId', messages.userNotFound));
  if (await hasActiveBan(manager, userId)) return ok(user);
  if (!(await anotherAdminStays(manager, userId))) return fail(validationError('userId', messages.cannotBanLastAdmin));
  const bannedAt = await insertBan(manager, userId, admin.userId, reason);
  await revokeUserSessions(manager, userId, 'banned');
  await emit('identity.user.banned', { userId, bannedBy: admin.userId, reason, bannedAt: bannedAt.toISOString() });
  await recordAdminAction(tx, admin, 'user.banned', journalTarget(user), { reason });
  // Inside the transaction: if Redis cannot be told, the ban does not happen either.
  await redis.set(revocationKeys(config.redisKeyPrefix).user(userId), String(Math.floor(Date.now() / 1000)), 'EX', config.accessTokenTtlSeconds);
  log.info({ userId, bannedBy: admin.userId }, 'user banned');
  return ok(user);
}
