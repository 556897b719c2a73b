import { refuse, spendPoint, type Redis, type Result } from '@lbf/service-kit';
import { PROMO_ERRORS } from '../shared/messages';
import { RateLimiterRedis } from 'rate-limiter-flexible';

/** Unknown codes one buyer (or, signed out, one address) may try before being asked to wait: guessing codes is not a way in. */
export const UNKNOWN_CODE_TRIES = { points: 10, durationSeconds: 15 * 60 } as const;

const limiters = new WeakMap<object, RateLimiterRedis>();

function limiterFor(redis: Redis, prefix: string): RateLimiterRedis {
  let limiter = limiters.get(redis);
  if (!limiter) {
    limiter = new RateLimiterRedis({ storeClient: redis, keyPrefix: `${prefix}:commerce:rl:promo-unknown`, points: UNKNOWN_CODE_TRIES.points, duration: UNKNOWN_CODE_TRIES.durationSeconds });
    limiters.set(redis, limiter);
  }
  return limiter;
}

/**
 * The unknown-code budget in Redis (rate-limiter-flexible, as identity's and catalogue's limits, so
 * it holds across instances): only codes refused as unknown spend it, so a customer who types a
 * real code is never slowed; once spent, every code is refused until the window passes.
 */
export class PromoTries {
  private readonly limiter: RateLimiterRedis;

  constructor(redis: Redis, prefix: string) {
    this.limiter = limiterFor(redis, prefix);
  }

  async blocked(key: string): Promise<boolean> {
    const seen = await this.limiter.get(key);
    return (seen?.consumedPoints ?? 0) >= UNKNOWN_CODE_TRIES.points;
  }

  async unknownCodeTried(key: string): Promise<void> {
    await spendPoint(this.limiter, key);
  }
}

/** Whose budget: the buyer's when signed in, else the address's. */
export const triesKey = (userId: string | null, ip: string | null | undefined) => (userId ? `user:${userId}` : `ip:${ip ?? 'unknown'}`);

/**
 * A checkout (or its preview) that checks a typed code, under the buyer's unknown-code budget:
 * refused at once on the field while the budget is spent; a code refused as unknown spends a point.
 */
export async function withinPromoTries<T>(
  deps: { redis: Redis; config: { redisKeyPrefix: string } },
  key: string,
  run: () => Promise<Result<T>>,
  unknown: (result: Result<T>) => boolean,
): Promise<Result<T>> {
  const tries = new PromoTries(deps.redis, deps.config.redisKeyPrefix);
  if (await tries.blocked(key)) return refuse('RATE_LIMITED', PROMO_ERRORS.TOO_MANY, { field: 'promoCode' });
  const result = await run();
  if (unknown(result)) await tries.unknownCodeTried(key);
  return result;
}
