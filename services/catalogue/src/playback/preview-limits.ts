import type { Redis } from 'ioredis';
import { spendPoint } from '@lbf/service-kit';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { DEFAULT_PREVIEW_LIMITS, type PreviewLimitRules } from './rules';

/**
 * How many free-preview sessions signed-out visitors may start, kept in Redis (rate-limiter-flexible,
 * like identity's and messaging's limits) so they hold across instances: each visitor (its
 * anonymous id behind its IP) has its budget, and the IP as a whole a wider one (carrier-grade NAT
 * puts many people behind one address) that still bounds a script inventing a visitor id per call.
 * Each consume is one atomic Redis increment, so parallel starts cannot all pass a count under the limit.
 */
export class PreviewLimits {
  private readonly perVisitor: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(redis: Redis, prefix: string, rules: PreviewLimitRules = DEFAULT_PREVIEW_LIMITS) {
    const make = (name: keyof PreviewLimitRules) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${prefix}:catalogue:rl:preview:${name}`,
        points: rules[name].points,
        duration: rules[name].durationSeconds,
      });
    this.perVisitor = make('sessionsPerVisitor');
    this.perIp = make('sessionsPerIp');
  }

  /**
   * One preview session about to start: a point on the IP first (a blocked IP spends no visitor's
   * budget), then on the visitor behind it. Null when allowed, else the milliseconds to wait.
   */
  async consumeSession(ip: string | null, visitorId: string): Promise<number | null> {
    const address = ip ?? 'unknown';
    return (await spendPoint(this.perIp, address)) ?? (await spendPoint(this.perVisitor, `${address}|${visitorId}`));
  }
}
