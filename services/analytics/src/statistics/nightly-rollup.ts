import type { JobHandlers, Logger } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { previousDay, siteDay, type Day } from '../domain/site-day';
import { purgeClosedAlerts } from '../store/admin-alerts';
import { purgeOldVisits } from '../store/counters';
import { rebuildDays, type RebuildResult } from '../store/rollups';

/** The jobs of the analytics queue. Stored in Redis: never rename one. */
export type AnalyticsJobs = {
  /**
   * Rebuilds the daily rollups (daily_stats, top pages, top items) of a day from the raw tables
   * (yesterday, site time, when no day is given; `to` makes it a range), then deletes visit
   * details past their retention and closed alerts past theirs. The name predates the other rollups.
   */
  'rollup-visits': { day?: Day; to?: Day };
};

export const ANALYTICS_JOB_NAMES = ['rollup-visits'] as const satisfies readonly (keyof AnalyticsJobs)[];

/** One scheduler for every instance: upserting it under this id at each start never duplicates it. */
export const NIGHTLY_ROLLUP_SCHEDULER = 'rollup-visits-nightly';
/** 00:15 site time, once the last page views of the day have long committed. */
export const NIGHTLY_ROLLUP_PATTERN = '15 0 * * *';

export async function runRollupVisits(
  ds: DataSource,
  data: AnalyticsJobs['rollup-visits'],
  siteTimezone: string,
  log: Logger,
  now = new Date(),
): Promise<RebuildResult & { purged: number; alertsPurged: number }> {
  const from = data.day ?? previousDay(siteDay(now, siteTimezone));
  const result = await rebuildDays(ds, from, data.to ?? from);
  if (result.drifted.length) log.warn(result, 'daily rollups had drifted; corrected from the raw tables');
  return { ...result, purged: await purgeOldVisits(ds, now), alertsPurged: await purgeClosedAlerts(ds, now) };
}

/** One handler per job of the map; the kit's bootstrap refuses to start when one is missing. */
export function analyticsJobHandlers(args: { ds: DataSource; log: Logger; siteTimezone: string }): JobHandlers<AnalyticsJobs> {
  return {
    'rollup-visits': (job) => runRollupVisits(args.ds, job.data, args.siteTimezone, args.log),
  };
}
