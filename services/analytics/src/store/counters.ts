import type { UnitOfWork } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import type { LiveCounters } from '../domain/live-counters';
import type { PageVisitInput } from '../domain/page-visit';
import type { Day } from '../domain/site-day';
import { REGISTERED_USERS } from '../entities/counter';

interface CountersRow {
  registered_users: string | number | null;
  visits: string | number | null;
}

function toLiveCounters(row: CountersRow | undefined, day: Day): LiveCounters {
  return { registeredUsers: Number(row?.registered_users ?? 0), visitsToday: Number(row?.visits ?? 0), day };
}

/** Registered users and the visits of `day` (0 before its first visit). */
export async function readLiveCounters(manager: EntityManager, day: Day): Promise<LiveCounters> {
  const rows: CountersRow[] = await manager.query(
    `SELECT (SELECT value FROM counters WHERE name = $1) AS registered_users,
            (SELECT visits FROM daily_counters WHERE day = $2::date) AS visits`,
    [REGISTERED_USERS, day],
  );
  return toLiveCounters(rows[0], day);
}

/**
 * Stores one visit and counts it in its day, and records both events, in one transaction. The
 * day's row is the hot spot every visit locks, so it is touched last and registered users are read
 * in the same statement: the lock is held for as little as possible.
 */
export async function recordVisit(
  uow: UnitOfWork,
  visit: PageVisitInput & { userAgent: string | null; at: Date; day: Day },
): Promise<LiveCounters> {
  return uow.run(async ({ manager, emit }) => {
    const id = randomUUID();
    await manager.query(
      `INSERT INTO page_visits (id, path, visitor_id, user_agent, not_found, visited_at, day)
       VALUES ($1, $2, $3, $4, $5, $6, $7::date)`,
      [id, visit.path, visit.visitorId, visit.userAgent, visit.notFound, visit.at, visit.day],
    );
    await emit('analytics.page.visited', {
      visitId: id,
      path: visit.path,
      visitorId: visit.visitorId,
      userAgent: visit.userAgent,
      notFound: visit.notFound,
      visitedAt: visit.at.toISOString(),
    });
    const rows: CountersRow[] = await manager.query(
      `INSERT INTO daily_counters (day, visits) VALUES ($1::date, 1)
       ON CONFLICT (day) DO UPDATE SET visits = daily_counters.visits + 1
       RETURNING visits, (SELECT value FROM counters WHERE name = $2) AS registered_users`,
      [visit.day, REGISTERED_USERS],
    );
    const counters = toLiveCounters(rows[0], visit.day);
    await emit('analytics.counters.updated', counters);
    return counters;
  });
}

/** Adds one registered user inside the caller's transaction and returns the counters of `day`. */
export async function incrementRegisteredUsers(manager: EntityManager, day: Day): Promise<LiveCounters> {
  const rows: CountersRow[] = await manager.query(
    `WITH bumped AS (
       INSERT INTO counters (name, value) VALUES ($1, 1)
       ON CONFLICT (name) DO UPDATE SET value = counters.value + 1
       RETURNING value
     )
     SELECT bumped.value AS registered_users,
            (SELECT visits FROM daily_counters WHERE day = $2::date) AS visits
     FROM bumped`,
    [REGISTERED_USERS, day],
  );
  return toLiveCounters(rows[0], day);
}

export interface RollupResult {
  day: Day;
  before: number;
  after: number;
}

/**
 * Recomputes a day's visit count from page_visits. The day's row is locked before counting, so a
 * visit committing meanwhile is either counted here or adds its +1 after: the result is exact even
 * for a day that is still receiving visits.
 */
export async function rollupDay(ds: DataSource, day: Day): Promise<RollupResult> {
  return ds.transaction(async (m) => {
    await m.query(`INSERT INTO daily_counters (day, visits) VALUES ($1::date, 0) ON CONFLICT (day) DO NOTHING`, [day]);
    const [locked] = (await m.query(`SELECT visits FROM daily_counters WHERE day = $1::date FOR UPDATE`, [day])) as Array<{ visits: number }>;
    const [counted] = (await m.query(`SELECT count(*)::int AS visits FROM page_visits WHERE day = $1::date`, [day])) as Array<{ visits: number }>;
    const after = counted?.visits ?? 0;
    if (locked?.visits !== after) await m.query(`UPDATE daily_counters SET visits = $2 WHERE day = $1::date`, [day, after]);
    return { day, before: locked?.visits ?? 0, after };
  });
}

/** How long a visit's details (path, user agent, visitor id) are kept; daily counts stay. The privacy page says so. */
export const VISIT_RETENTION_MONTHS = 13;

export async function purgeOldVisits(ds: DataSource, now = new Date()): Promise<number> {
  const [, affected] = (await ds.query(`DELETE FROM page_visits WHERE visited_at < $1::timestamptz - make_interval(months => $2)`, [
    now.toISOString(),
    VISIT_RETENTION_MONTHS,
  ])) as [unknown, number];
  return affected;
}
