import type { JobHandlers, JobSchedule, Logger } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { purgeClosedAlerts } from '../alerts';
import { rebuildDays, type RebuildResult } from '../shared/rollups';
import { previousDay, siteDay, type Day } from '../shared/site-day';
import { purgeOldVisits } from '../visits';

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

/** The nightly rollup's handler and schedule (00:15 in the site's time zone). */
export function nightlyRollup(args: { ds: DataSource; log: Logger; siteTimezone: string }): {
  jobHandlers: JobHandlers<AnalyticsJobs>;
  jobSchedules: JobSchedule<AnalyticsJobs>[];
} {
  return {
    jobHandlers: { 'rollup-visits': (job) => runRollupVisits(args.ds, job.data, args.siteTimezone, args.log) },
    jobSchedules: [{ id: NIGHTLY_ROLLUP_SCHEDULER, name: 'rollup-visits', repeat: { pattern: NIGHTLY_ROLLUP_PATTERN, tz: args.siteTimezone } }],
  };
}
