import type { JobHandlers } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import { checkAttempt } from './attempts';
import { pushCharge } from './charge';
import type { CommerceJobs } from './job-names';
import { nudgeAttempt, schedulePoll } from './poller';
import { isPending, notePollRound, stalePendingAttempts } from './store';

/** The poller, the nudges' checks, NotchPay's direct charge and the sweeper. */
export function commerceJobHandlers(deps: CommerceDeps): Omit<JobHandlers<CommerceJobs>, 'purge-retention'> {
  return {
    'poll-attempt': async (job) => {
      const { attemptId, round } = job.data;
      if (!(await isPending(deps.ds.manager, attemptId))) return 'settled';
      const result = await checkAttempt(deps, attemptId, { expireWhenPast: true, fromPoller: true });
      await notePollRound(deps.ds.manager, attemptId, round + 1);
      if (result) await schedulePoll(deps, attemptId, round + 1, result.askAgainInMs);
      return result?.kind ?? 'unknown attempt';
    },
    'check-attempt': async (job) => {
      if (!(await isPending(deps.ds.manager, job.data.attemptId))) return 'settled';
      return (await checkAttempt(deps, job.data.attemptId, { expireWhenPast: true }))?.kind ?? 'unknown attempt';
    },
    'push-charge': async (job) => pushCharge(deps, job.data.attemptId),
    'sweep-pending': async () => {
      const stale = await stalePendingAttempts(deps.ds.manager);
      for (const id of stale) await nudgeAttempt(deps, id);
      return stale.length;
    },
  };
}
