import { RETENTION } from '@lbf/proto-events';
import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { CLEANUP_JOB, type IdentityJobs } from '../shared/jobs';
import { cleanupExpired } from './store';

/** Deterministic scheduler id: every instance upserts the same one, so the job runs once an hour, not once per instance. */
export const CLEANUP_SCHEDULER_ID = 'identity-cleanup-hourly';
export const CLEANUP_EVERY_MS = 60 * 60 * 1000;

/** Clean-up: the hourly job that deletes spent and expired captchas, reset links, refresh tokens and the sign-in history past its retention (proto-events RETENTION). */
export const cleanupModule = ({ ds, log }: IdentityDeps) =>
  defineModule<IdentityJobs>({
    name: 'cleanup',
    jobHandlers: {
      [CLEANUP_JOB]: async () => {
        const counts = await cleanupExpired(ds, RETENTION.endedSessionDays);
        log.info(counts, 'expired identity rows deleted');
        return counts;
      },
    },
    jobSchedules: [{ id: CLEANUP_SCHEDULER_ID, name: CLEANUP_JOB, repeat: { every: CLEANUP_EVERY_MS } }],
  });
