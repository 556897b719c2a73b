import type { MessagingDeps } from '../shared/deps';

export interface NewsletterRateRule {
  points: number;
  windowSeconds: number;
}

/** Sign-ups per client IP (carrier NAT puts many people behind one address: generous) and per address. */
export const NEWSLETTER_RATE_LIMITS = {
  perIp: { points: 20, windowSeconds: 10 * 60 },
  perEmail: { points: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, NewsletterRateRule>;

/**
 * Fixed-window counters in Redis, shared by every instance: one atomic INCR per key (parallel
 * requests cannot all read a count under the limit), the window set on its first hit. Returns
 * true when the request may go on. Redis unavailable: the sign-up goes on (a confirmation mail too
 * many is better than a newsletter nobody can join meanwhile), logged.
 */
export async function allowSubscribe(deps: Pick<MessagingDeps, 'redis' | 'config' | 'log'>, ip: string | null, email: string): Promise<boolean> {
  if (deps.redis.status !== 'ready') {
    deps.log.warn({ status: deps.redis.status }, 'newsletter rate limit unavailable; sign-up allowed');
    return true;
  }
  const checks: Array<[string, NewsletterRateRule]> = [
    [`${deps.config.redisKeyPrefix}:messaging:rl:newsletter-ip:${ip ?? 'unknown'}`, NEWSLETTER_RATE_LIMITS.perIp],
    [`${deps.config.redisKeyPrefix}:messaging:rl:newsletter-email:${email}`, NEWSLETTER_RATE_LIMITS.perEmail],
  ];
  try {
    const multi = deps.redis.multi();
    for (const [key, rule] of checks) multi.set(key, '0', 'EX', rule.windowSeconds, 'NX').incr(key);
    const replies = (await multi.exec()) ?? [];
    return checks.every(([, rule], i) => Number(replies[i * 2 + 1]?.[1] ?? 0) <= rule.points);
  } catch (err) {
    deps.log.warn({ err: String(err) }, 'newsletter rate limit failed; sign-up allowed');
    return true;
  }
}
