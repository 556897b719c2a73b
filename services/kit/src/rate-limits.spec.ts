import { RateLimiterMemory } from 'rate-limiter-flexible';
import { longestWait, spendPoint } from './rate-limits';

describe('spending rate-limit points', () => {
  it('answers null while points remain, then the wait the library gives', async () => {
    const limiter = new RateLimiterMemory({ points: 2, duration: 60 });
    expect(await spendPoint(limiter, 'ip')).toBeNull();
    expect(await spendPoint(limiter, 'ip')).toBeNull();
    const wait = await spendPoint(limiter, 'ip');
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await spendPoint(limiter, 'other ip')).toBeNull();
  });

  it('throws what is not a refusal (a store that cannot answer)', async () => {
    const broken = { consume: () => Promise.reject(new Error('Redis is down')) };
    await expect(spendPoint(broken, 'ip')).rejects.toThrow('Redis is down');
  });

  it('keeps the longest wait of points spent together, null when all pass', async () => {
    expect(await longestWait([Promise.resolve(null), Promise.resolve(null)])).toBeNull();
    expect(await longestWait([Promise.resolve(1_000), Promise.resolve(null), Promise.resolve(5_000)])).toBe(5_000);
  });
});
