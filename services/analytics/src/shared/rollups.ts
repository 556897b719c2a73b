import type { DataSource, EntityManager } from 'typeorm';
import type { Day } from './site-day';
import { REBUILD_SQL } from './rollup-sql';

export const DAILY_COLUMNS = [
  'sign_ups',
  'buyers',
  'purchases',
  'revenue_xaf',
  'visits',
  'page_views',
  'visitors',
  'visit_seconds',
  'video_views',
  'pdf_downloads',
] as const;
export type DailyColumn = (typeof DAILY_COLUMNS)[number];
export type DailyDeltas = Partial<Record<DailyColumn, number>>;

/**
 * Adds `deltas` to one day's rollup inside the caller's transaction, after its raw insert. The
 * row lock it takes is what a rebuild of that day waits for (rebuildDays locks first, then reads
 * the raw tables): an insert is either seen by the rebuild or added after it, never both or neither.
 * A transaction touching several days calls this in ascending day order, as the rebuild locks them.
 * Returns the day's visits (the live counter).
 */
export async function bumpDaily(manager: EntityManager, day: Day, deltas: DailyDeltas, extraReturning = ''): Promise<Record<string, unknown>> {
  const columns = DAILY_COLUMNS.filter((c) => deltas[c]);
  const values = columns.map((c) => deltas[c]!);
  const insertCols = ['day', ...columns].join(', ');
  const placeholders = ['$1::date', ...columns.map((_, i) => `$${i + 2}`)].join(', ');
  const updates = columns.length ? columns.map((c) => `${c} = daily_stats.${c} + EXCLUDED.${c}`).join(', ') : 'day = daily_stats.day';
  const rows = (await manager.query(
    `INSERT INTO daily_stats (${insertCols}) VALUES (${placeholders})
     ON CONFLICT (day) DO UPDATE SET ${updates}
     RETURNING visits${extraReturning}`,
    [day, ...values],
  )) as Array<Record<string, unknown>>;
  return rows[0]!;
}

export interface RebuildResult {
  from: Day;
  to: Day;
  /** Days whose rollup differed from the raw tables (now corrected). */
  drifted: Day[];
}

/**
 * Recomputes the rollups of `from`..`to` from the raw tables in one transaction: the days' rows
 * are created if missing and locked (ascending, as the incremental updates take them) before
 * anything is read, so a raw insert committing meanwhile is counted exactly once. The raw tables
 * keep visit details 13 months (purgeOldVisits): rebuilding older days would erase their visits.
 */
export async function rebuildDays(ds: DataSource, from: Day, to: Day): Promise<RebuildResult> {
  return ds.transaction(async (m) => {
    await m.query(
      `INSERT INTO daily_stats (day) SELECT d::date FROM generate_series($1::date, $2::date, interval '1 day') AS d ON CONFLICT (day) DO NOTHING`,
      [from, to],
    );
    await m.query(`SELECT day FROM daily_stats WHERE day BETWEEN $1 AND $2 ORDER BY day FOR UPDATE`, [from, to]);
    let drifted: Day[] = [];
    for (const [i, statement] of REBUILD_SQL.entries()) {
      const result = (await m.query(statement, [from, to])) as unknown;
      if (i === 0) drifted = (Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as Array<{ day: string }>) : (result as Array<{ day: string }>)).map((r) => r.day);
    }
    return { from, to, drifted: drifted.sort() };
  });
}
