import type { CommerceDeps } from '../deps';
import { nextPollDelay } from '../shared/order-state';
import { findAttempt } from '../orders';

/** A nudge (webhook, sweeper) waits this long, so that a burst of them about one attempt makes one status request. */
export const NUDGE_DELAY_MS = 1_000;

/**
 * Asks for one look at a live attempt (a provider's notification, the sweeper), coalesced: while one
 * such check of the attempt is waiting or running, more nudges add nothing (BullMQ deduplication
 * on the attempt id), so a flood of notifications naming it makes at most one pending status request.
 */
export async function nudgeAttempt(deps: Pick<CommerceDeps, 'enqueue'>, attemptId: string): Promise<void> {
  await deps.enqueue('check-attempt', { attemptId }, { delay: NUDGE_DELAY_MS, deduplication: { id: `check-${attemptId}` } });
}

/** The poller's next look at a pending attempt (no later than `atMostMs` when given). */
export async function schedulePoll(deps: CommerceDeps, attemptId: string, round: number, atMostMs?: number): Promise<void> {
  const attempt = await findAttempt(deps.ds.manager, attemptId);
  if (!attempt || attempt.status !== 'pending') return;
  const next = nextPollDelay(round, deps.config.pollDelaysMs, attempt.expiresAt.getTime() - deps.now().getTime());
  const delay = atMostMs === undefined ? next : Math.min(next, Math.max(0, atMostMs));
  await deps.enqueue('poll-attempt', { attemptId, round }, { delay, jobId: `poll-${attemptId}-${round}` });
}
