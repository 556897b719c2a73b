import type { JobHandlers, JobSchedule, Logger } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { purgeClosedAlerts } from '../alerts';
import { purgeJournal } from '../journal';
import { rebuildDays, type RebuildResult } from '../shared/rollups';
import { previousDay, siteDay, type Day } from '../shared/site-day';
import { purgeOldVisits } from '../visits';

/** The jobs of the analytics queue. Stored in Redis: never rename one. */
export type AnalyticsJobs = {
  /**
   * Rebuilds the daily rollups (daily_stats, top pages, top items) of a day from the raw tables
   * (yesterday, site time, when no day is given; `to` makes it a range), then deletes visit
   * details past their retention, closed alerts past theirs and the administrators' journal
   * entries past theirs (ADMIN_JOURNAL_RETENTION_DAYS). The name predates the other rollups.
   */
  'rollup-visits': { day?: Day; to?: Day };
};

export const ANALYTICS_JOB_NAMES = ['rollup-visits'] as const satisfies readonly (keyof AnalyticsJobs)[];

/** One scheduler for every instance: upserting it under this id at each start never duplicates it. */
export const NIGHTLY_ROLLUP_SCHEDULER = 'rollup-visits-nightly';
/** 00:15 site time, once the last page views of the day have long committed. */
export const NIGHTLY_ROLLUP_PATTERN = '15 0 * * *';

/** What the nightly job needs: the database, the site's day, and how long the journal keeps an entry. */
export interface NightlyArgs {
  ds: DataSource;
  log: Logger;
  siteTimezone: string;
  adminJournalRetentionDays: number;
}

export async function runRollupVisits(
  args: NightlyArgs,
  data: AnalyticsJobs['rollup-visits'],
  now = new Date(),
): Promise<RebuildResult & { purged: number; alertsPurged: number; journalPurged: number }> {
  const { ds, log } = args;
  const from = data.day ?? previousDay(siteDay(now, args.siteTimezone));
  const result = await rebuildDays(ds, from, data.to ?? from);
  if (result.drifted.length) log.warn(result, 'daily rollups had drifted; corrected from the raw tables');
  const purged = await purgeOldVisits(ds, now);
  const alertsPurged = await purgeClosedAlerts(ds, now);
  return { ...result, purged, alertsPurged, journalPurged: await purgeJournal(ds, args.adminJournalRetentionDays) };
}

/** The nightly rollup's handler and schedule (00:15 in the site's time zone). */
export function nightlyRollup(args: NightlyArgs): {
  jobHandlers: JobHandlers<AnalyticsJobs>;
  jobSchedules: JobSchedule<AnalyticsJobs>[];
} {
  return {
    jobHandlers: { 'rollup-visits': (job) => runRollupVisits(args, job.data) },
    jobSchedules: [{ id: NIGHTLY_ROLLUP_SCHEDULER, name: 'rollup-visits', repeat: { pattern: NIGHTLY_ROLLUP_PATTERN, tz: args.siteTimezone } }],
  };
}
