import type { JobHandlers } from '@lbf/service-kit';
import { checkAttempt, nudgeAttempt, pushCharge, schedulePoll } from '../operations/attempts';
import type { CommerceDeps } from '../operations/deps';

/** The jobs of commerce's queue. Stored in Redis: never rename one. */
export type CommerceJobs = {
  /** The poller: asks the provider about a pending attempt, then again later (3 s -> 10 s -> 30 s -> 60 s), expiring it after the window. */
  'poll-attempt': { attemptId: string; round: number };
  /** One look at an attempt, without rescheduling (a webhook's nudge, the sweeper); at most one pending per attempt (`nudgeAttempt`). */
  'check-attempt': { attemptId: string };
  /** NotchPay's direct mobile-money charge: blocks 5-30 s, so never in a request. */
  'push-charge': { attemptId: string };
  /** Finds pending attempts nobody asked about for a while (a lost job, a restart) and checks them. */
  'sweep-pending': Record<string, never>;
};

export const COMMERCE_JOB_NAMES = ['poll-attempt', 'check-attempt', 'push-charge', 'sweep-pending'] as const satisfies readonly (keyof CommerceJobs)[];

export const SWEEP_SCHEDULER = 'commerce-sweep-pending';
export const SWEEP_EVERY_MS = 60_000;

/** The poller and nudges only look at live attempts (an admin re-check may look at finished ones). */
async function stillPending(deps: CommerceDeps, attemptId: string): Promise<boolean> {
  const rows = (await deps.ds.manager.query(`SELECT 1 FROM payment_attempts WHERE id = $1 AND status = 'pending'`, [attemptId])) as unknown[];
  return rows.length > 0;
}

export function commerceJobHandlers(deps: CommerceDeps): JobHandlers<CommerceJobs> {
  return {
    'poll-attempt': async (job) => {
      const { attemptId, round } = job.data;
      if (!(await stillPending(deps, attemptId))) return 'settled';
      const result = await checkAttempt(deps, attemptId, { expireWhenPast: true, fromPoller: true });
      await deps.ds.manager.query(`UPDATE payment_attempts SET poll_round = GREATEST(poll_round, $2) WHERE id = $1`, [attemptId, round + 1]);
      if (result) await schedulePoll(deps, attemptId, round + 1, result.askAgainInMs);
      return result?.kind ?? 'unknown attempt';
    },
    'check-attempt': async (job) => {
      if (!(await stillPending(deps, job.data.attemptId))) return 'settled';
      return (await checkAttempt(deps, job.data.attemptId, { expireWhenPast: true }))?.kind ?? 'unknown attempt';
    },
    'push-charge': async (job) => pushCharge(deps, job.data.attemptId),
    'sweep-pending': async () => {
      const stale = (await deps.ds.manager.query(
        `SELECT id FROM payment_attempts WHERE status = 'pending'
           AND COALESCE(last_checked_at, created_at) < now() - interval '2 minutes' ORDER BY expires_at LIMIT 200`,
      )) as Array<{ id: string }>;
      for (const { id } of stale) await nudgeAttempt(deps, id);
      return stale.length;
    },
  };
}
