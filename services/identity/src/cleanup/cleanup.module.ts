import { defineModule } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { cleanupExpired } from './store';

/** The jobs of the identity queue. Stored in Redis: never rename one. */
export const CLEANUP_JOB = 'cleanup';
/** Deterministic scheduler id: every instance upserts the same one, so the job runs once an hour, not once per instance. */
export const CLEANUP_SCHEDULER_ID = 'identity-cleanup-hourly';
export const CLEANUP_EVERY_MS = 60 * 60 * 1000;

export type IdentityJobs = { [CLEANUP_JOB]: Record<string, never> };

/** Clean-up: the hourly job that deletes spent and expired captchas, reset links, refresh tokens and old sessions. */
export const cleanupModule = ({ ds, config, log }: IdentityDeps) =>
  defineModule<IdentityJobs>({
    name: 'cleanup',
    jobHandlers: {
      [CLEANUP_JOB]: async () => {
        const counts = await cleanupExpired(ds, config.refreshTokenTtlDays);
        log.info(counts, 'expired identity rows deleted');
        return counts;
      },
    },
    jobSchedules: [{ id: CLEANUP_SCHEDULER_ID, name: CLEANUP_JOB, repeat: { every: CLEANUP_EVERY_MS } }],
  });
