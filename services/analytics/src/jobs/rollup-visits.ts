import { createServiceQueues, type Logger, type ServiceQueues } from '@lbf/service-kit';
import type { Redis } from 'ioredis';
import type { DataSource } from 'typeorm';
import { previousDay, siteDay, type Day } from '../domain/site-day';
import { purgeOldVisits, rollupDay, type RollupResult } from '../store/counters';

/** The jobs of the analytics queue. Stored in Redis: never rename one. */
export type AnalyticsJobs = {
  /**
   * Recomputes a day's visit count from page_visits (yesterday, site time, when no day is given),
   * then deletes visit details past their retention.
   */
  'rollup-visits': { day?: Day };
};

export const ANALYTICS_JOB_NAMES = ['rollup-visits'] as const satisfies readonly (keyof AnalyticsJobs)[];

/** One scheduler for every instance: upserting it under this id at each start never duplicates it. */
export const NIGHTLY_ROLLUP_SCHEDULER = 'rollup-visits-nightly';
/** 00:15 site time, once the last visits of the day have long committed. */
export const NIGHTLY_ROLLUP_PATTERN = '15 0 * * *';

export async function runRollupVisits(
  ds: DataSource,
  data: AnalyticsJobs['rollup-visits'],
  siteTimezone: string,
  log: Logger,
  now = new Date(),
): Promise<RollupResult & { purged: number }> {
  const day = data.day ?? previousDay(siteDay(now, siteTimezone));
  const result = await rollupDay(ds, day);
  if (result.before !== result.after) log.warn(result, 'daily visit count had drifted; corrected from page_visits');
  return { ...result, purged: await purgeOldVisits(ds, now) };
}

export async function startAnalyticsQueues(args: {
  ds: DataSource;
  connection: Redis;
  log: Logger;
  siteTimezone: string;
  prefix: string;
}): Promise<ServiceQueues<AnalyticsJobs>> {
  const queues = createServiceQueues<AnalyticsJobs>({
    service: 'analytics',
    connection: args.connection,
    prefix: args.prefix,
    log: args.log,
    jobNames: ANALYTICS_JOB_NAMES,
    handlers: {
      'rollup-visits': (job) => runRollupVisits(args.ds, job.data, args.siteTimezone, args.log),
    },
  });
  try {
    await queues.queue.upsertJobScheduler(
      NIGHTLY_ROLLUP_SCHEDULER,
      { pattern: NIGHTLY_ROLLUP_PATTERN, tz: args.siteTimezone },
      { name: 'rollup-visits', data: {} },
    );
  } catch (err) {
    await queues.close();
    throw err;
  }
  return queues;
}
