import { RETENTION, type RetentionPolicy } from '@lbf/proto-events';
import type { Logger } from './logger';
import { defineModule, type ModuleParts } from './module';
import type { JobMap } from './queues';

/** The job every service's retention room runs once a day. Stored in Redis: never rename it. */
export const PURGE_RETENTION_JOB = 'purge-retention';
export const PURGE_RETENTION_EVERY_MS = 24 * 60 * 60 * 1000;

/**
 * A service's retention room: once a day, `purge` erases what the privacy page lets the service keep
 * no longer, with the durations it states (proto-events RETENTION), and its counts are logged. One
 * scheduler id per service: every replica upserts the same one, so it runs once a day, not once per replica.
 */
export function retentionModule<J extends JobMap & Record<typeof PURGE_RETENTION_JOB, Record<string, never>>>(
  service: string,
  log: Logger,
  purge: (retention: RetentionPolicy) => Promise<Record<string, number>>,
): ModuleParts<J> {
  return defineModule<J>({
    name: 'retention',
    jobHandlers: {
      [PURGE_RETENTION_JOB]: async () => {
        const counts = await purge(RETENTION);
        log.info(counts, `${service}: data past its retention erased`);
        return counts;
      },
    } as ModuleParts<J>['jobHandlers'],
    jobSchedules: [{ id: `${service}-purge-retention-daily`, name: PURGE_RETENTION_JOB, repeat: { every: PURGE_RETENTION_EVERY_MS } }] as ModuleParts<J>['jobSchedules'],
  });
}
