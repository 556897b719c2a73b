import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitRule {
  points: number;
  durationSeconds: number;
}

export interface RateLimits {
  /** Failed sign-ins from one IP. */
  signInPerIp: RateLimitRule;
  /** Failed sign-ins on one e-mail, whatever the IP (slows a distributed guess on one account). */
  signInPerEmail: RateLimitRule;
  signUpPerIp: RateLimitRule;
  resetPerIp: RateLimitRule;
  resetPerEmail: RateLimitRule;
  captchaPerIp: RateLimitRule;
}

export const defaultRateLimits: RateLimits = {
  signInPerIp: { points: 20, durationSeconds: 15 * 60 },
  signInPerEmail: { points: 8, durationSeconds: 15 * 60 },
  signUpPerIp: { points: 10, durationSeconds: 60 * 60 },
  resetPerIp: { points: 10, durationSeconds: 60 * 60 },
  resetPerEmail: { points: 3, durationSeconds: 60 * 60 },
  captchaPerIp: { points: 60, durationSeconds: 10 * 60 },
};

type LimiterName = keyof RateLimits;

/**
 * Rate limits kept in Redis, so they hold across instances. Sign-in counts failures only (a person
 * who types the right password is never slowed); the others count every attempt.
 * Each method returns null when allowed, else the milliseconds to wait.
 */
export class RateLimiter {
  private readonly limiters: Record<LimiterName, RateLimiterRedis>;

  constructor(
    redis: Redis,
    keyPrefix: string,
    private readonly rules: RateLimits,
  ) {
    const make = (name: LimiterName) =>
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}:identity:rl:${name}`,
        points: rules[name].points,
        duration: rules[name].durationSeconds,
      });
    this.limiters = {
      signInPerIp: make('signInPerIp'),
      signInPerEmail: make('signInPerEmail'),
      signUpPerIp: make('signUpPerIp'),
      resetPerIp: make('resetPerIp'),
      resetPerEmail: make('resetPerEmail'),
      captchaPerIp: make('captchaPerIp'),
    };
  }

  /** Before checking a password: refused once the failures reached the limit on the IP or the e-mail. */
  async signInBlocked(ip: string, email: string): Promise<number | null> {
    const [byIp, byEmail] = await Promise.all([this.limiters.signInPerIp.get(ip), this.limiters.signInPerEmail.get(email)]);
    const waits: number[] = [];
    if (byIp && byIp.consumedPoints >= this.rules.signInPerIp.points) waits.push(byIp.msBeforeNext);
    if (byEmail && byEmail.consumedPoints >= this.rules.signInPerEmail.points) waits.push(byEmail.msBeforeNext);
    return waits.length ? Math.max(...waits) : null;
  }

  async recordSignInFailure(ip: string, email: string): Promise<void> {
    await Promise.all([this.penalise('signInPerIp', ip), this.penalise('signInPerEmail', email)]);
  }

  /** A successful sign-in forgives the e-mail's failures (not the IP's: one IP may try many accounts). */
  async signInSucceeded(email: string): Promise<void> {
    await this.limiters.signInPerEmail.delete(email);
  }

  /** Counts one attempt; null when allowed, else the milliseconds to wait. */
  async consume(name: LimiterName, key: string): Promise<number | null> {
    try {
      await this.limiters[name].consume(key);
      return null;
    } catch (err) {
      if (err instanceof RateLimiterRes) return err.msBeforeNext;
      throw err;
    }
  }

  /** Counts several at once (e.g. per IP and per e-mail); the longest wait wins. */
  async consumeAll(entries: Array<[LimiterName, string]>): Promise<number | null> {
    const waits = await Promise.all(entries.map(([name, key]) => this.consume(name, key)));
    const blocked = waits.filter((w): w is number => w !== null);
    return blocked.length ? Math.max(...blocked) : null;
  }

  private async penalise(name: LimiterName, key: string): Promise<void> {
    await this.consume(name, key);
  }
}
