import { revocationKeys, type AuthUser } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { messages } from '../domain/messages';
import { isUuid } from '../domain/secrets';
import { validationError, type UserError } from '../domain/user-error';
import { User } from '../entities';
import { isUniqueViolation } from './accounts';
import type { Deps } from './deps';
import { modify } from './sql';
import { revokeUserSessions } from './sessions';

export const BAN_REASON_MAX_LENGTH = 2000;

/** pg_advisory_xact_lock key that serialises bans ('ban' in ASCII). */
const BAN_LOCK_KEY = 0x62616e;

/**
 * False when the user is an administrator and no other administrator would be left unbanned: the
 * last one is never banned (an administrator is made only from the command line, never the web).
 */
async function anotherActiveAdmin(manager: EntityManager, userId: string): Promise<boolean> {
  const [row] = (await manager.query(
    `SELECT NOT EXISTS (SELECT 1 FROM admin_roles WHERE user_id = $1)
         OR EXISTS (SELECT 1 FROM admin_roles r
                     WHERE r.user_id <> $1
                       AND NOT EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = r.user_id AND b.is_active)) AS ok`,
    [userId],
  )) as Array<{ ok: boolean }>;
  return row!.ok;
}

export type BanOutcome = { ok: true; user: User } | { ok: false; error: UserError };

export class Bans {
  constructor(private readonly deps: Deps) {}

  /**
   * Bans a user at once: the ban, the end of every session and the event commit together, and
   * before the commit Redis is told to refuse every access token issued to them so far, in every
   * service. Banning someone already banned changes nothing and succeeds. An administrator cannot
   * ban themself, nor the last administrator who is not banned.
   */
  async ban(admin: AuthUser, input: { userId: string; reason: string }): Promise<BanOutcome> {
    const userId = (input.userId ?? '').trim().toLowerCase();
    const reason = (input.reason ?? '').trim();
    if (!isUuid(userId)) return { ok: false, error: validationError('userId', messages.userNotFound) };
    if (userId === admin.userId) return { ok: false, error: validationError('userId', messages.cannotBanSelf) };
    if (reason.length > BAN_REASON_MAX_LENGTH) return { ok: false, error: validationError('reason', messages.banReasonTooLong) };
    const { uow, redis, config, log } = this.deps;
    try {
      return await uow.run(async ({ manager, emit }): Promise<BanOutcome> => {
        // Bans are taken one at a time (they are rare), so two administrators banning each other in
        // the same instant cannot both succeed and leave the site with none.
        await manager.query('SELECT pg_advisory_xact_lock($1)', [BAN_LOCK_KEY]);
        const user = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!user) return { ok: false, error: validationError('userId', messages.userNotFound) };
        const active = (await manager.query('SELECT 1 FROM user_bans WHERE user_id = $1 AND is_active', [userId])) as unknown[];
        if (active.length) return { ok: true, user };
        if (!(await anotherActiveAdmin(manager, userId))) return { ok: false, error: validationError('userId', messages.cannotBanLastAdmin) };
        const [ban] = (await manager.query('INSERT INTO user_bans (user_id, banned_by, reason) VALUES ($1, $2, $3) RETURNING created_at', [
          userId,
          admin.userId,
          reason,
        ])) as Array<{ created_at: Date }>;
        await revokeUserSessions(manager, userId, 'banned');
        await emit('identity.user.banned', { userId, bannedBy: admin.userId, reason, bannedAt: ban!.created_at.toISOString() });
        // Inside the transaction: if Redis cannot be told, the ban does not happen either.
        await redis.set(revocationKeys(config.redisKeyPrefix).user(userId), String(Math.floor(Date.now() / 1000)), 'EX', config.accessTokenTtlSeconds);
        log.info({ userId, bannedBy: admin.userId }, 'user banned');
        return { ok: true, user };
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another administrator banned them in the same instant.
      const user = await this.deps.ds.getRepository(User).findOneByOrFail({ id: userId });
      return { ok: true, user };
    }
  }

  /**
   * Lifts a user's active ban: the ban row stays as history with who lifted it, when and why, and
   * identity.user.unbanned commits with it. Unbanning someone who is not banned changes nothing,
   * publishes nothing and succeeds (as banning someone already banned does): two administrators
   * clicking at once both see the user active. The Redis revocation written at the ban stays, so
   * access tokens issued before the ban remain dead; it compares whole seconds, so the answer waits
   * until the ban's second is over and every token signed from then on passes (see tokensFreshAfter).
   */
  async unban(admin: AuthUser, input: { userId: string; reason: string }): Promise<BanOutcome> {
    const userId = (input.userId ?? '').trim().toLowerCase();
    const reason = (input.reason ?? '').trim();
    if (!isUuid(userId)) return { ok: false, error: validationError('userId', messages.userNotFound) };
    if (!reason) return { ok: false, error: validationError('reason', messages.unbanReasonRequired) };
    if (reason.length > BAN_REASON_MAX_LENGTH) return { ok: false, error: validationError('reason', messages.banReasonTooLong) };
    const { uow, log } = this.deps;
    const outcome = await uow.run(async ({ manager, emit }): Promise<BanOutcome> => {
      const user = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
      if (!user) return { ok: false, error: validationError('userId', messages.userNotFound) };
      const { rows } = await modify<{ lifted_at: Date }>(
        manager,
        `UPDATE user_bans SET is_active = false, lifted_at = now(), lifted_by = $2, lift_reason = $3
          WHERE user_id = $1 AND is_active RETURNING lifted_at`,
        [userId, admin.userId, reason],
      );
      if (!rows.length) return { ok: true, user };
      await emit('identity.user.unbanned', { userId, unbannedBy: admin.userId, reason, unbannedAt: rows[0]!.lifted_at.toISOString() });
      log.info({ userId, unbannedBy: admin.userId }, 'user unbanned');
      return { ok: true, user };
    });
    if (outcome.ok) await this.tokensFreshAfter(userId);
    return outcome;
  }

  /**
   * The verifiers refuse a user's tokens whose iat (whole seconds) is at or before the second of
   * their ban. A token signed in that same second, after an unban, would be refused too: wait (at
   * most a second, only right after a ban) until the clock has left it.
   */
  private async tokensFreshAfter(userId: string): Promise<void> {
    const { redis, config } = this.deps;
    const revokedAt = Number(await redis.get(revocationKeys(config.redisKeyPrefix).user(userId)));
    if (!revokedAt) return;
    const wait = (revokedAt + 1) * 1000 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
