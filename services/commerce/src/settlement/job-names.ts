/** The jobs of commerce's queue (the settlement module's, and retention's purge). Stored in Redis: never rename one. */
export type CommerceJobs = {
  /** The poller: asks the provider about a pending attempt, then again later (3 s -> 10 s -> 30 s -> 60 s), expiring it after the window. */
  'poll-attempt': { attemptId: string; round: number };
  /** One look at an attempt, without rescheduling (a webhook's nudge, the sweeper); at most one pending per attempt (`nudgeAttempt`). */
  'check-attempt': { attemptId: string };
  /** NotchPay's direct mobile-money charge: blocks 5-30 s, so never in a request. */
  'push-charge': { attemptId: string };
  /** Finds pending attempts nobody asked about for a while (a lost job, a restart) and checks them. */
  'sweep-pending': Record<string, never>;
  /** Once a day: erases the providers' raw exchanges past the privacy page's retention (retention/). */
  'purge-retention': Record<string, never>;
};

export const COMMERCE_JOB_NAMES = ['poll-attempt', 'check-attempt', 'push-charge', 'sweep-pending', 'purge-retention'] as const satisfies readonly (keyof CommerceJobs)[];

export const SWEEP_SCHEDULER = 'commerce-sweep-pending';
export const SWEEP_EVERY_MS = 60_000;
