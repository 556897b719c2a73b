import type { MessagingDeps } from '../shared/deps';
import { redispatchDeliveries } from './dispatch';
import { pendingDeliveries } from './store';

export const SWEEP_WEBHOOKS_SCHEDULE_ID = 'messaging-sweep-webhooks';

/**
 * `sweep-webhooks`: pending deliveries of active subscriptions untouched for two sweep periods lost
 * their job (a crash between the commit and the enqueue, a job removed): dispatched again. A job
 * still known (waiting, in back-off, running) absorbs the call, its id being the delivery's.
 */
export async function sweepWebhooks(deps: MessagingDeps): Promise<number> {
  const ids = await pendingDeliveries(deps.ds.manager, { olderThanMs: 2 * deps.config.webhooks.sweepMs });
  if (ids.length) {
    await redispatchDeliveries(deps, ids);
    deps.log.info({ count: ids.length }, 'webhook sweep: pending deliveries dispatched again');
  }
  return ids.length;
}
