import type { Redis } from 'ioredis';
import { longestWait, spendPoint } from '@lbf/service-kit';
import { RateLimiterRedis } from 'rate-limiter-flexible';

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
 * Rate limits kept in Redis, so they hold across instances. Every attempt is counted before the work
 * it guards; a successful sign-in gives its attempt back, so sign-in limits count failures only.
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

  /**
   * Spends one sign-in attempt on the IP, then on the e-mail, before any password is checked.
   * Each consume is one atomic Redis increment, so parallel attempts cannot all read a count that
   * is still under the limit (reading first and writing after the check let 30 parallel guesses
   * through a limit of 8). The IP goes first so that a blocked IP stops spending the account's
   * attempts. Null when allowed, else the milliseconds to wait.
   */
  async consumeSignIn(ip: string, email: string): Promise<number | null> {
    const byIp = await this.consume('signInPerIp', ip);
    if (byIp !== null) return byIp;
    return this.consume('signInPerEmail', email);
  }

  /**
   * A successful sign-in forgives the e-mail's failures and gives back the attempt it spent on the
   * IP: only failures count against an IP (one IP may serve many people who know their passwords).
   */
  async signInSucceeded(ip: string, email: string): Promise<void> {
    await Promise.all([this.limiters.signInPerEmail.delete(email), this.limiters.signInPerIp.reward(ip, 1)]);
  }

  /** Counts one attempt; null when allowed, else the milliseconds to wait. */
  async consume(name: LimiterName, key: string): Promise<number | null> {
    return spendPoint(this.limiters[name], key);
  }

  /** Counts several at once (e.g. per IP and per e-mail); the longest wait wins. */
  async consumeAll(entries: Array<[LimiterName, string]>): Promise<number | null> {
    return longestWait(entries.map(([name, key]) => this.consume(name, key)));
  }
}
