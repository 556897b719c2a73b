/** The jobs of the identity queue. Stored in Redis: never rename one. */
export const CLEANUP_JOB = 'cleanup';
/** Erases the accounts whose deletion's grace period is over (deletion/). */
export const ERASE_ACCOUNTS_JOB = 'erase-deleted-accounts';

export type IdentityJobs = { [CLEANUP_JOB]: Record<string, never>; [ERASE_ACCOUNTS_JOB]: Record<string, never> };

export const IDENTITY_JOB_NAMES = [CLEANUP_JOB, ERASE_ACCOUNTS_JOB] as const;
