import { UPSTREAM_RETRY_ATTEMPTS, upstreamRetryDelayMs } from './upstream-clients';

describe("the gateway's reconnection to a subgraph's subscriptions", () => {
  it('tries again within a few hundred milliseconds at first, then backs off to about 1 s', () => {
    const least = (n: number) => upstreamRetryDelayMs(n, () => 0);
    const most = (n: number) => upstreamRetryDelayMs(n, () => 0.999);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(least)).toEqual([100, 200, 400, 800, 1000, 1000, 1000, 1000]);
    expect(most(0)).toBe(299);
    expect(most(20)).toBe(1199);
  });

  it('keeps trying for about a minute, long enough for a replica to restart', () => {
    const total = Array.from({ length: UPSTREAM_RETRY_ATTEMPTS }, (_, n) => upstreamRetryDelayMs(n, () => 0)).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(45_000);
    expect(total).toBeLessThan(90_000);
  });
});
