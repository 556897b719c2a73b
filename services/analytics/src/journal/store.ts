import type { AdminActionRecorded } from '@lbf/proto-events';
import { containsPattern, filteredRows, SqlFilter } from '@lbf/service-kit';
import type { DataSource, EntityManager } from 'typeorm';
import { COMMAND_LINE, searchable, searchTextOf, type JournalFilter } from './rules';

/** The journal room's one door to the database: `admin_journal` (append-only: inserts and the retention purge only). */

export interface JournalRow {
  id: string;
  occurredAt: Date;
  service: string;
  action: string;
  origin: 'back-office' | 'command-line' | 'integration';
  actorId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  targetType: string;
  targetId: string;
  targetLabel: string | null;
  details: Record<string, unknown>;
}

const COLUMNS = `id, occurred_at AS "occurredAt", service, action, origin, actor_id AS "actorId", actor_name AS "actorName",
  actor_email AS "actorEmail", ip, user_agent AS "userAgent", target_type AS "targetType", target_id AS "targetId",
  target_label AS "targetLabel", details`;

/** The entry of one event, keyed by its id: a redelivered or replayed event adds nothing. True when new. */
export async function insertEntry(manager: EntityManager, eventId: string, service: string, e: AdminActionRecorded): Promise<boolean> {
  const rows = (await manager.query(
    `INSERT INTO admin_journal (id, occurred_at, service, action, origin, actor_id, actor_name, actor_email, ip, user_agent,
       target_type, target_id, target_label, details, search_text)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      eventId,
      e.occurredAt,
      service,
      e.action,
      e.origin,
      e.actor.userId,
      e.actor.name,
      e.actor.email,
      e.ip,
      e.userAgent,
      e.target.type,
      e.target.id,
      e.target.label,
      JSON.stringify(e.details),
      searchTextOf(e),
    ],
  )) as unknown[];
  return rows.length > 0;
}

/** WHERE clause and parameters of a filter; from/to are days of the site's time zone, both included. */
function filterSql(filter: JournalFilter, siteTimezone: string): SqlFilter {
  const f = new SqlFilter();
  if (filter?.actor === COMMAND_LINE) f.and(`origin = 'command-line'`);
  else if (filter?.actor) f.and(`actor_id = ${f.param(filter.actor)}::uuid`);
  if (filter?.action) f.and(`action = ${f.param(filter.action)}`);
  if (filter?.targetType) f.and(`target_type = ${f.param(filter.targetType)}`);
  f.siteDays('occurred_at', filter, siteTimezone);
  if (filter?.search) f.and(`search_text LIKE ${f.param(containsPattern(searchable(filter.search)))}`);
  return f;
}

/** The filtered entries, newest first (a page when `limit` is given), and how many match in all. */
export async function entriesWhere(
  manager: EntityManager,
  filter: JournalFilter,
  siteTimezone: string,
  limit: number | null,
  offset: number,
): Promise<{ rows: JournalRow[]; total: number }> {
  return filteredRows<JournalRow>(manager, { select: COLUMNS, from: 'admin_journal', filter: filterSql(filter, siteTimezone), order: 'occurred_at DESC, id DESC', limit, offset });
}

/** Who, which actions and which target types the journal holds: the filters' choices. */
export async function journalFacets(manager: EntityManager): Promise<{
  actors: Array<{ actorId: string | null; actorName: string | null; actorEmail: string | null; origin: JournalRow['origin'] }>;
  actions: string[];
  targetTypes: string[];
}> {
  // Each administrator (or integration) under the name and address of their latest entry; the command line once.
  const actors = (await manager.query(
    `SELECT DISTINCT ON (actor_id) actor_id AS "actorId", actor_name AS "actorName", actor_email AS "actorEmail", origin
     FROM admin_journal ORDER BY actor_id NULLS FIRST, occurred_at DESC`,
  )) as Array<{ actorId: string | null; actorName: string | null; actorEmail: string | null; origin: JournalRow['origin'] }>;
  const actions = ((await manager.query(`SELECT DISTINCT action FROM admin_journal ORDER BY action`)) as Array<{ action: string }>).map((r) => r.action);
  const types = ((await manager.query(`SELECT DISTINCT target_type FROM admin_journal ORDER BY target_type`)) as Array<{ target_type: string }>).map(
    (r) => r.target_type,
  );
  return { actors, actions, targetTypes: types };
}

/**
 * Deletes entries older than `keepDays` through the table's one way to delete
 * (`purge_admin_journal`, which refuses fewer than a year), in batches; how many went.
 */
export async function purgeJournal(ds: DataSource, keepDays: number, batch = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const [{ gone }] = (await ds.query(`SELECT purge_admin_journal($1, $2) AS gone`, [keepDays, batch])) as Array<{ gone: number }>;
    total += gone;
    if (gone < batch) return total;
  }
}
