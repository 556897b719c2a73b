/** What the kit needs of a rate-limiter-flexible limiter (the services hold their own, in Redis). */
export interface PointLimiter {
  consume(key: string): Promise<unknown>;
}

/**
 * Spends one point of `key` on a rate-limiter-flexible limiter: null when allowed, else the
 * milliseconds to wait. The library refuses by rejecting with its RateLimiterRes (not an Error, with
 * `msBeforeNext`); any other rejection (Redis unreachable) is thrown as it came.
 */
export async function spendPoint(limiter: PointLimiter, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (err) {
    if (err !== null && typeof err === 'object' && !(err instanceof Error) && typeof (err as { msBeforeNext?: unknown }).msBeforeNext === 'number') {
      return (err as { msBeforeNext: number }).msBeforeNext;
    }
    throw err;
  }
}

/** Points spent together (on an IP and on an address): null when every one is allowed, else the longest wait. */
export async function longestWait(spends: Array<Promise<number | null>>): Promise<number | null> {
  const blocked = (await Promise.all(spends)).filter((w): w is number => w !== null);
  return blocked.length ? Math.max(...blocked) : null;
}
