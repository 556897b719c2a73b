import { spendPoint, type Redis } from '@lbf/service-kit';
import { RateLimiterRedis } from 'rate-limiter-flexible';

/** Payments one address may start through links in the window: a public mutation that charges, so limited as identity's public ones are. */
export const PAY_LINK_TRIES = { points: 20, durationSeconds: 15 * 60 } as const;

const limiters = new WeakMap<object, RateLimiterRedis>();

/** Spends one try for this address; false when its budget is spent (rate-limiter-flexible in Redis: holds across instances). */
export async function allowPayLinkTry(redis: Redis, prefix: string, ip: string | null): Promise<boolean> {
  let limiter = limiters.get(redis);
  if (!limiter) {
    limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:commerce:rl:pay-link`, points: PAY_LINK_TRIES.points, duration: PAY_LINK_TRIES.durationSeconds });
    limiters.set(redis, limiter);
  }
  return (await spendPoint(limiter, ip ?? 'unknown')) === null;
}
