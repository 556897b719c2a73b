import { revocationKeys, type AuthUser } from '@lbf/service-kit';
import { messages } from '../domain/messages';
import { isUuid } from '../domain/secrets';
import { validationError, type UserError } from '../domain/user-error';
import { User } from '../entities';
import { isUniqueViolation } from './accounts';
import type { Deps } from './deps';
import { revokeUserSessions } from './sessions';

export const BAN_REASON_MAX_LENGTH = 2000;

export type BanOutcome = { ok: true; user: User } | { ok: false; error: UserError };

export class Bans {
  constructor(private readonly deps: Deps) {}

  /**
   * Bans a user at once: the ban, the end of every session and the event commit together, and
   * before the commit Redis is told to refuse every access token issued to them so far, in every
   * service. Banning someone already banned changes nothing and succeeds.
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
        const user = await manager.findOne(User, { where: { id: userId }, lock: { mode: 'pessimistic_write' } });
        if (!user) return { ok: false, error: validationError('userId', messages.userNotFound) };
        const active = (await manager.query('SELECT 1 FROM user_bans WHERE user_id = $1 AND is_active', [userId])) as unknown[];
        if (active.length) return { ok: true, user };
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
}
