import { ok, parseInput, type Result } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import type { Statistics } from '../generated/graphql';
import { siteDay } from '../shared/site-day';
import { periodEnding, statisticsArgs } from './rules';
import { readStatistics } from './store';

export interface ReadStatisticsDeps {
  ds: DataSource;
  siteTimezone: string;
}

/** The statistics of the last `days` days (1 to 366, 30 by default), today (site time) included. */
export async function adminStatistics(deps: ReadStatisticsDeps, args: unknown): Promise<Result<Statistics>> {
  const parsed = parseInput(statisticsArgs, args);
  if (!parsed.ok) return parsed;
  const { from, to } = periodEnding(siteDay(new Date(), deps.siteTimezone), parsed.value.days);
  return ok(await readStatistics(deps.ds, from, to));
}
