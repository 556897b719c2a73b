import { defineModule } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import { type CommerceJobs, SWEEP_EVERY_MS, SWEEP_SCHEDULER } from './job-names';
import { commerceJobHandlers } from './jobs';

/** Where an attempt's outcome is learnt and applied: the poller, the nudges' checks, the sweeper, NotchPay's direct charge. */
export function settlementModule(deps: CommerceDeps) {
  return defineModule<CommerceJobs>({
    name: 'settlement',
    jobHandlers: commerceJobHandlers(deps),
    jobSchedules: [{ id: SWEEP_SCHEDULER, name: 'sweep-pending', repeat: { every: SWEEP_EVERY_MS } }],
  });
}
