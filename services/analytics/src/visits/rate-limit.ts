import type { Logger } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Mobile carriers in francophone Africa put many subscribers behind one address (carrier-grade
 * NAT), so one IP may be hundreds of real visitors: the IP's own ceiling is this many times wider.
 */
export const SHARED_IP_FACTOR = 25;

/**
 * Caps the visits counted per minute, shared by every instance through Redis, so a script cannot
 * inflate the public counters cheaply: each visitor (its anonymous id behind its IP) has the
 * per-minute budget, and an IP as a whole has a ceiling SHARED_IP_FACTOR times wider, which still
 * bounds a script that invents a new visitor id for every call. A person browsing never reaches either.
 */
export class VisitRateLimit {
  private readonly perVisitor: RateLimiterRedis;
  private readonly perIp: RateLimiterRedis;

  constructor(
    redis: Redis,
    keyPrefix: string,
    private readonly log: Logger,
    /** Per visitor; the settings' visitsPerMinutePerIp. */
    pointsPerMinute: number,
  ) {
    const limiter = (suffix: string, points: number) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}:analytics:${suffix}`,
        points,
        duration: 60,
        // Our Redis client queues commands while disconnected; fail now instead of holding the request.
        rejectIfRedisNotReady: true,
      });
    this.perVisitor = limiter('visits', pointsPerMinute);
    this.perIp = limiter('visits-ip', pointsPerMinute * SHARED_IP_FACTOR);
  }

  /** True when this visit may be counted. */
  async allow(ip: string | null, visitorId: string): Promise<boolean> {
    const address = ip ?? 'unknown';
    try {
      await this.perVisitor.consume(`${address}|${visitorId}`);
      await this.perIp.consume(address);
      return true;
    } catch (err) {
      if (err instanceof RateLimiterRes) return false;
      // Redis unavailable: counting a visit too many is better than losing every visit meanwhile.
      this.log.warn({ err: String(err) }, 'visit rate limit unavailable; visit counted');
      return true;
    }
  }
}
