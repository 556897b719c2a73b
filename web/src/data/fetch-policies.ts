/** Page queries' fetch policies, in one place (the cache's own policies are in apollo/client.ts). */
export const fetchPolicies = {
  /** Counters change all the time: show the cached value, then the network's. */
  liveCounters: 'cache-and-network',
  /** Profile of the signed-in user: cached for the session, cleared on sign-out. */
  me: 'cache-first',
  /**
   * Catalogue pages: show what the cache has at once, then refresh it. Image links are signed
   * and expire after 30 minutes or more, so a long-open tab must not keep reusing old ones.
   */
  catalogue: 'cache-and-network',
} as const;
