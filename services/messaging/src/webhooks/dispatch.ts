import type { Job, JobsOptions } from 'bullmq';
import type { MessagingDeps } from '../shared/deps';
import { findDelivery } from './store';

/**
 * A delivery's `deliver-webhook` job: its id is `webhook-<delivery id>`, so a second dispatch of the
 * same delivery (after a crash, by the sweep) is absorbed by BullMQ while the first is known; the
 * attempts and exponential back-off come from the config (8 tries over ~4 hours by default).
 */
export function deliverJobOptions(id: string, config: MessagingDeps['config']): JobsOptions {
  return {
    jobId: `webhook-${id}`,
    attempts: config.webhooks.attempts,
    backoff: { type: 'exponential', delay: config.webhooks.retryDelayMs },
    removeOnComplete: { age: 24 * 3600, count: 10_000 },
    removeOnFail: { age: 7 * 24 * 3600 },
  };
}

/** After commit: one job per new delivery. */
export async function dispatchDeliveries(deps: Pick<MessagingDeps, 'enqueue' | 'config'>, ids: string[]): Promise<void> {
  for (const id of ids) await deps.enqueue('deliver-webhook', { deliveryId: id }, deliverJobOptions(id, deps.config));
}

/**
 * Dispatches deliveries again (the sweep, « Renvoyer », a resumed subscription): a job still waiting,
 * delayed (in back-off) or running absorbs the call; a finished one of that id is removed first so
 * the delivery gets a fresh job with every attempt, unless the delivery was settled meanwhile (its
 * job finished between the caller's read and this call: sending it again would be a duplicate).
 */
export async function redispatchDeliveries(deps: Pick<MessagingDeps, 'enqueue' | 'config' | 'ds'>, ids: string[]): Promise<void> {
  for (const id of ids) {
    const opts = deliverJobOptions(id, deps.config);
    const job = (await deps.enqueue('deliver-webhook', { deliveryId: id }, opts)) as Job | undefined;
    const state = job && typeof job.getState === 'function' ? await job.getState() : 'unknown';
    if (state === 'completed' || state === 'failed') {
      if ((await findDelivery(deps.ds.manager, id))?.status !== 'pending') continue;
      await job!.remove();
      await deps.enqueue('deliver-webhook', { deliveryId: id }, opts);
    }
  }
}
