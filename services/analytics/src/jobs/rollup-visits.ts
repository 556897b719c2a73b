import type { JobHandlers, Logger } from '@lbf/service-kit';
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

/** One handler per job of the map; the kit's bootstrap refuses to start when one is missing. */
export function analyticsJobHandlers(args: { ds: DataSource; log: Logger; siteTimezone: string }): JobHandlers<AnalyticsJobs> {
  return {
    'rollup-visits': (job) => runRollupVisits(args.ds, job.data, args.siteTimezone, args.log),
  };
}
