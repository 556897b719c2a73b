import { RETENTION } from '@lbf/proto-events';
import type { UnitOfWork } from '@lbf/service-kit';
import { randomUUID } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { REGISTERED_USERS, toLiveCounters, type CountersRow, type LiveCounters } from '../shared/counters';
import { bumpDaily } from '../shared/rollups';
import type { Day } from '../shared/site-day';
import { continuesVisit, visitSeconds, type PageVisitInput } from './rules';

/**
 * The visits room's one door to the database (raw SQL through the EntityManager, as everywhere in
 * analytics): page views, visits, the visitors' last days, and the live counters read from them.
 */

/** Registered users and the visits started on `day` (0 before its first visit). */
export async function readLiveCounters(manager: EntityManager, day: Day): Promise<LiveCounters> {
  const rows: CountersRow[] = await manager.query(
    `SELECT (SELECT value FROM counters WHERE name = $1) AS registered_users,
            (SELECT visits FROM daily_stats WHERE day = $2::date) AS visits`,
    [REGISTERED_USERS, day],
  );
  return toLiveCounters(rows[0], day);
}

export interface PageView extends PageVisitInput {
  userAgent: string | null;
  at: Date;
  day: Day;
}

interface OpenVisit {
  id: string;
  day: string;
  started_at: Date;
  last_seen_at: Date;
}

/** The visit a page view belongs to: the visitor's latest one continued, or a new one. */
interface VisitOfView {
  visitId: string;
  visitDay: Day;
  continues: boolean;
  /** Seconds the view adds to a continued visit's duration. */
  seconds: number;
}

/** Continues the visitor's visit when their last page view is less than 30 minutes old, or starts one. */
async function joinOrStartVisit(manager: EntityManager, view: PageView): Promise<VisitOfView> {
  const [latest] = (await manager.query(
    `SELECT id, day::text AS day, started_at, last_seen_at FROM visits WHERE visitor_id = $1 ORDER BY last_seen_at DESC LIMIT 1 FOR UPDATE`,
    [view.visitorId],
  )) as OpenVisit[];
  if (latest !== undefined && continuesVisit(latest.last_seen_at, view.at)) {
    const lastSeen = view.at > latest.last_seen_at ? view.at : latest.last_seen_at;
    await manager.query(`UPDATE visits SET last_seen_at = $2, page_views = page_views + 1 WHERE id = $1`, [latest.id, lastSeen]);
    return { visitId: latest.id, visitDay: latest.day, continues: true, seconds: visitSeconds(latest.last_seen_at, lastSeen) };
  }
  const visitId = randomUUID();
  await manager.query(`INSERT INTO visits (id, visitor_id, started_at, last_seen_at, page_views, day) VALUES ($1, $2, $3, $3, 1, $4::date)`, [
    visitId,
    view.visitorId,
    view.at,
    view.day,
  ]);
  return { visitId, visitDay: view.day, continues: false, seconds: 0 };
}

/**
 * The page view's row (and the visitor's last day when it is their first view of the day), with
 * whether the visitor and this page in this visit were seen earlier that day. Returns its id too.
 */
async function insertPageView(manager: EntityManager, view: PageView, visitId: string): Promise<{ id: string; visitorSeen: boolean; pageSeen: boolean }> {
  const [seen] = (await manager.query(
    `SELECT EXISTS (SELECT 1 FROM page_visits WHERE visitor_id = $1 AND day = $2::date) AS visitor_seen,
            EXISTS (SELECT 1 FROM page_visits WHERE visit_id = $3 AND path = $4 AND day = $2::date AND NOT not_found) AS page_seen`,
    [view.visitorId, view.day, visitId, view.path],
  )) as Array<{ visitor_seen: boolean; page_seen: boolean }>;
  const id = randomUUID();
  await manager.query(
    `INSERT INTO page_visits (id, visit_id, path, visitor_id, user_agent, not_found, visited_at, day)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::date)`,
    [id, visitId, view.path, view.visitorId, view.userAgent, view.notFound, view.at, view.day],
  );
  if (!seen?.visitor_seen) {
    await manager.query(
      `INSERT INTO visitor_last_days (visitor_id, last_day) VALUES ($1, $2::date)
       ON CONFLICT (visitor_id) DO UPDATE SET last_day = EXCLUDED.last_day WHERE visitor_last_days.last_day < EXCLUDED.last_day`,
      [view.visitorId, view.day],
    );
  }
  return { id, visitorSeen: !!seen?.visitor_seen, pageSeen: !!seen?.page_seen };
}

/** Adds the page view to the day's rollups and to its page's; returns the day's row (visits, registered users). */
async function addToRollups(manager: EntityManager, view: PageView, visit: VisitOfView, seen: { visitorSeen: boolean; pageSeen: boolean }): Promise<CountersRow> {
  // A visit that began before midnight gets its seconds on its own day, the page view on today.
  if (visit.visitDay < view.day && visit.seconds) await bumpDaily(manager, visit.visitDay, { visit_seconds: visit.seconds });
  const today = await bumpDaily(
    manager,
    view.day,
    {
      visits: visit.continues ? 0 : 1,
      page_views: 1,
      visitors: seen.visitorSeen ? 0 : 1,
      visit_seconds: visit.visitDay === view.day ? visit.seconds : 0,
    },
    `, (SELECT value FROM counters WHERE name = '${REGISTERED_USERS}') AS registered_users`,
  );
  if (!view.notFound) {
    await manager.query(
      `INSERT INTO daily_page_stats (day, path, views, visits) VALUES ($1::date, $2, 1, $3)
       ON CONFLICT (day, path) DO UPDATE SET views = daily_page_stats.views + 1, visits = daily_page_stats.visits + EXCLUDED.visits`,
      [view.day, view.path, seen.pageSeen ? 0 : 1],
    );
  }
  return today as unknown as CountersRow;
}

/**
 * Stores one page view in one transaction: it continues the visitor's visit when their last page
 * view is less than 30 minutes old, or starts a new one; it adds itself to the rollups and records
 * analytics.page.visited, plus analytics.counters.updated when it started a visit (the live
 * counter counts visits). The visitor's page views are serialized by a transaction-scoped advisory
 * lock on their id, taken first: two parallel requests of one visitor cannot both start a visit,
 * and "first view of the day / of this page in this visit" is decided on a stable state.
 * Returns the live counters when a visit started, null otherwise.
 */
export async function recordPageView(uow: UnitOfWork, view: PageView): Promise<LiveCounters | null> {
  return uow.run(async ({ manager, emit }) => {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('analytics-visitor:' || $1, 0))`, [view.visitorId]);
    const visit = await joinOrStartVisit(manager, view);
    const pageView = await insertPageView(manager, view, visit.visitId);
    await emit('analytics.page.visited', {
      visitId: pageView.id,
      path: view.path,
      visitorId: view.visitorId,
      userAgent: view.userAgent,
      notFound: view.notFound,
      visitedAt: view.at.toISOString(),
    });
    const today = await addToRollups(manager, view, visit, pageView);
    if (visit.continues) return null;
    const counters = toLiveCounters(today, view.day);
    await emit('analytics.counters.updated', counters);
    return counters;
  });
}

/** How long a visit's details (path, user agent, visitor id) are kept; daily counts stay. One source with the privacy page: proto-events RETENTION. */
export const VISIT_RETENTION_MONTHS = RETENTION.visitDetailsMonths;

/** Deletes visits (and their page views) last seen before the retention, then any page view older than it. */
export async function purgeOldVisits(ds: DataSource, now = new Date()): Promise<number> {
  const params = [now.toISOString(), VISIT_RETENTION_MONTHS];
  const [, visits] = (await ds.query(`DELETE FROM visits WHERE last_seen_at < $1::timestamptz - make_interval(months => $2)`, params)) as [unknown, number];
  const [, views] = (await ds.query(`DELETE FROM page_visits WHERE visited_at < $1::timestamptz - make_interval(months => $2)`, params)) as [unknown, number];
  await ds.query(`DELETE FROM visitor_last_days WHERE last_day < ($1::timestamptz - make_interval(months => $2))::date`, params);
  return visits + views;
}
