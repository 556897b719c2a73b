import { fail, ok, recordAdminAction, revocationKeys, type AdminActor, type Result } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { validationError } from '../shared/errors';
import { messages } from '../shared/messages';
import { journalTarget, type User } from '../shared/user';
import { unbanRequest } from './rules';
import { liftBan, lockUser } from './store';

/**
 * Lifts a user's active ban: the ban row stays as history with who lifted it, when and why, and
 * identity.user.unbanned commits with it. Unbanning someone who is not banned changes nothing,
 * publishes nothing and succeeds (as banning someone already banned does): two administrators
 * clicking at once both see the user active. The Redis revocation written at the ban stays, so
 * access tokens issued before the ban remain dead; it compares whole seconds, so the answer waits
 * until the ban's second is over and every token signed from then on passes (see tokensFreshAfter).
 */
export async function unbanUser(deps: IdentityDeps, admin: AdminActor, input: { userId: string; reason: string }): Promise<Result<User>> {
  const request = unbanRequest(input);
  if (!request.ok) return request;
  const { userId, reason } = request.value;
  const result = await deps.uow.run(async (tx): Promise<Result<User>> => {
    const { manager, emit } = tx;
    const user = await lockUser(manager, userId);
    if (!user) return fail(validationError('userId', messages.userNotFound));
    const liftedAt = await liftBan(manager, userId, admin.userId, reason);
    if (!liftedAt) return ok(user);
    await emit('identity.user.unbanned', { userId, unbannedBy: admin.userId, reason, unbannedAt: liftedAt.toISOString() });
    await recordAdminAction(tx, admin, 'user.unbanned', journalTarget(user), { reason });
    deps.log.info({ userId, unbannedBy: admin.userId }, 'user unbanned');
    return ok(user);
  });
  if (result.ok) await tokensFreshAfter(deps, userId);
  return result;
}

/**
 * The verifiers refuse a user's tokens whose iat (whole seconds) is at or before the second of
 * their ban. A token signed in that same second, after an unban, would be refused too: wait (at
 * most a second, only right after a ban) until the clock has left it.
 */
async function tokensFreshAfter({ redis, config }: IdentityDeps, userId: string): Promise<void> {
  const revokedAt = Number(await redis.get(revocationKeys(config.redisKeyPrefix).user(userId)));
  if (!revokedAt) return;
  const wait = (revokedAt + 1) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}
