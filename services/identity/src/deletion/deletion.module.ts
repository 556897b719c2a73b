import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { ERASE_ACCOUNTS_JOB, type IdentityJobs } from '../shared/jobs';
import { eraseDueAccounts } from './erase-accounts';
import { accountDeletionFields, deletionMutations, userDeletion } from './resolvers';

/** Deterministic scheduler id: every instance upserts the same one, so the erasure runs once per period, not once per instance. */
export const ERASE_ACCOUNTS_SCHEDULER_ID = 'identity-erase-deleted-accounts';

/**
 * Account deletion (issue 23 point 3): the person's request (password re-entered) and its
 * cancellation, an administrator's request on a person's behalf, User.pendingDeletion, and the job
 * that erases the accounts whose grace period is over (every `deletionSweepEveryMs`, 15 minutes by
 * default), publishing `identity.user.deleted` for every other service to erase in turn.
 */
export const deletionModule = (deps: IdentityDeps) =>
  defineModule<IdentityJobs>({
    name: 'deletion',
    resolvers: { Mutation: deletionMutations(deps), User: userDeletion(deps), AccountDeletion: accountDeletionFields },
    jobHandlers: {
      [ERASE_ACCOUNTS_JOB]: async () => {
        const pass = await eraseDueAccounts(deps);
        if (pass.erased || pass.kept) deps.log.info(pass, 'account erasure pass');
        return pass;
      },
    },
    jobSchedules: [{ id: ERASE_ACCOUNTS_SCHEDULER_ID, name: ERASE_ACCOUNTS_JOB, repeat: { every: deps.config.deletionSweepEveryMs } }],
  });
