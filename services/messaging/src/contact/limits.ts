import type { Redis } from 'ioredis';
import { longestWait, spendPoint } from '@lbf/service-kit';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { CONTACT_LIMITS } from './rules';

type LimitName = keyof typeof CONTACT_LIMITS;

/**
 * The contact form's limits, kept in Redis (rate-limiter-flexible) so they hold across instances:
 * tickets opened per IP (generous), messages accepted per IP and per e-mail address. Each consume
 * is one atomic Redis increment, so parallel posts cannot all pass a count still under the limit.
 */
export class ContactLimits {
  private readonly limiters: Record<LimitName, RateLimiterRedis>;

  constructor(redis: Redis, prefix: string) {
    const make = (name: LimitName) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:messaging:rl:contact:${name}`,
        points: CONTACT_LIMITS[name].points,
        duration: CONTACT_LIMITS[name].durationSeconds,
      });
    this.limiters = { ticketsPerIp: make('ticketsPerIp'), sendsPerIp: make('sendsPerIp'), sendsPerEmail: make('sendsPerEmail') };
  }

  /** Counts one; null when allowed, else the milliseconds to wait. */
  async consume(name: LimitName, key: string): Promise<number | null> {
    return spendPoint(this.limiters[name], key);
  }

  /** A message about to be stored: one point on its IP and one on its address; the longest wait wins. */
  async consumeSend(ip: string, email: string): Promise<number | null> {
    return longestWait([this.consume('sendsPerIp', ip), this.consume('sendsPerEmail', email)]);
  }
}
