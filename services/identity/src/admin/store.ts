import type { PageCursor } from '@lbf/service-kit';
import { select, type Queryable } from '../shared/sql';
import { toUser, type ActiveBan, type User, type UserRow } from '../shared/user';
import type { SortDirectionKey, UserSortKey } from './rules';

/** The admin room's data-access door: the users table's page, its cards, and the purchase totals read model. */

/**
 * The search key of a text, as the migration IdentityAdminUsers1765000000000 computes users.search_text
 * and users.name_key: NFD, combining marks removed, lower case, œ/æ spelt out, blanks collapsed. The
 * same SQL on both sides, so "eloise" finds "Éloïse" whatever Postgres' lower() makes of a letter.
 */
export function searchKeySql(expr: string): string {
  return `regexp_replace(replace(replace(lower(regexp_replace(normalize(${expr}, NFD), '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]', '', 'g')), 'œ', 'oe'), 'æ', 'ae'), '\\s+', ' ', 'g')`;
}

/** The sort columns, each a fixed expression of the page query's `m` row (never text from the request). */
const SORT_SQL: Record<UserSortKey, (dir: 'ASC' | 'DESC') => string> = {
  NAME: (d) => `m.name_key ${d}`,
  EMAIL: (d) => `m.email ${d}`,
  // Users without a phone (accounts made by the command) come last either way.
  PHONE: (d) => `m.phone ${d} NULLS LAST`,
  CREATED_AT: (d) => `m.created_at ${d}`,
  // ASC: active first, then banned.
  STATUS: (d) => `m.is_banned ${d}`,
  PURCHASES: (d) => `m.purchase_count ${d}`,
  TOTAL_SPENT: (d) => `m.total_xaf ${d}`,
};

/** Every user matching the pattern ($1, null for all) with what the table shows: the `matched` rows of the queries below. */
const MATCHED_USERS_SQL = `
  SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.created_at, u.name_key,
         EXISTS (SELECT 1 FROM admin_roles r WHERE r.user_id = u.id) AS is_admin,
         b.id IS NOT NULL AS is_banned, b.reason AS ban_reason, b.created_at AS banned_at, b.banned_by,
         COALESCE(t.purchase_count, 0) AS purchase_count, COALESCE(t.total_xaf, 0) AS total_xaf
  FROM users u
  LEFT JOIN user_bans b ON b.user_id = u.id AND b.is_active
  LEFT JOIN user_purchase_totals t ON t.user_id = u.id
  WHERE $1::text IS NULL OR u.search_text LIKE ${searchKeySql('$1::text')} ESCAPE '\\'`;

export interface ListQuery {
  /** A LIKE pattern (containsPattern), or null for everyone. */
  pattern: string | null;
  sort: UserSortKey;
  direction: SortDirectionKey;
}

/** One row of the users table: the account, its admin flag, its active ban and commerce's figures from the read model. */
export interface AdminUserRow {
  user: User;
  isAdmin: boolean;
  ban: ActiveBan | null;
  purchaseCount: number;
  totalXaf: number;
}

interface RawRow extends UserRow {
  is_admin: boolean;
  is_banned: boolean;
  ban_reason: string | null;
  banned_at: Date | null;
  banned_by: string | null;
  purchase_count: number;
  total_xaf: string;
  total: number;
}

const toRow = (r: RawRow): AdminUserRow => ({
  user: toUser(r),
  isAdmin: r.is_admin,
  ban: r.is_banned ? { reason: r.ban_reason!, bannedAt: r.banned_at!, bannedBy: r.banned_by } : null,
  purchaseCount: r.purchase_count,
  totalXaf: Number(r.total_xaf),
});

/**
 * The matching users with everything the table shows, sorted (ties by id, in the same direction),
 * their count beside each row. One statement; with `paging`, one page of it, the page clamped to
 * the last one in the same statement (OFFSET from the count).
 */
export async function selectUsers(db: Queryable, q: ListQuery, paging: { page: number; pageSize: number } | null): Promise<{ rows: AdminUserRow[]; total: number }> {
  const params: unknown[] = [q.pattern];
  let limit = '';
  if (paging) {
    params.push(paging.pageSize, paging.page);
    limit = `LIMIT $2::int OFFSET (SELECT (LEAST($3::int, GREATEST(CEIL(count(*)::numeric / $2::int)::int, 1)) - 1) * $2::int FROM matched)`;
  }
  const raw = await select<RawRow>(
    db,
    `WITH matched AS MATERIALIZED (${MATCHED_USERS_SQL})
     SELECT m.*, c.total FROM matched m CROSS JOIN (SELECT count(*)::int AS total FROM matched) c
     ORDER BY ${SORT_SQL[q.sort](q.direction)}, m.id ${q.direction}
     ${limit}`,
    params,
  );
  return { rows: raw.map(toRow), total: raw[0]?.total ?? 0 };
}

/**
 * One cursor page of the matching users, newest first (ties by id), `limit` rows (first + 1: the
 * extra one says a next page exists), each with its cursor (created_at as Postgres writes it);
 * their count beside each row. One statement.
 */
export async function selectUsersAfter(
  db: Queryable,
  pattern: string | null,
  after: PageCursor | null,
  limit: number,
): Promise<{ rows: Array<AdminUserRow & { cursor: PageCursor }>; total: number }> {
  const raw = await select<RawRow & { cursor_at: string }>(
    db,
    `WITH matched AS MATERIALIZED (${MATCHED_USERS_SQL})
     SELECT m.*, m.created_at::text AS cursor_at, c.total FROM matched m CROSS JOIN (SELECT count(*)::int AS total FROM matched) c
     WHERE $2::timestamptz IS NULL OR (m.created_at, m.id) < ($2::timestamptz, $3::uuid)
     ORDER BY m.created_at DESC, m.id DESC
     LIMIT $4::int`,
    [pattern, after?.at ?? null, after?.id ?? null, limit],
  );
  let total = raw[0]?.total;
  if (total === undefined) {
    // An empty page (past the last row) still says how many match.
    const [row] = await select<{ total: number }>(db, `WITH matched AS (${MATCHED_USERS_SQL}) SELECT count(*)::int AS total FROM matched`, [pattern]);
    total = row?.total ?? 0;
  }
  return { rows: raw.map((r) => ({ ...toRow(r), cursor: { at: r.cursor_at, id: r.id } })), total };
}

/** The cards' counts: every account, those without an active ban, those created since the site day 29 days ago. */
export async function countUsers(db: Queryable, siteTimezone: string): Promise<{ total: number; active: number; recent: number }> {
  const [row] = await select<{ total: number; active: number; recent: number }>(
    db,
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = u.id AND b.is_active))::int AS active,
            count(*) FILTER (WHERE u.created_at >= (((now() AT TIME ZONE $1)::date - 29)::timestamp AT TIME ZONE $1))::int AS recent
     FROM users u`,
    [siteTimezone],
  );
  return row!;
}

/** Adds to a user's purchase count and FCFA total (negative for a refund), creating their row on first sight. */
export async function addPurchase(db: Queryable, userId: string, count: number, xaf: number): Promise<void> {
  await db.query(
    `INSERT INTO user_purchase_totals (user_id, purchase_count, total_xaf) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET purchase_count = user_purchase_totals.purchase_count + EXCLUDED.purchase_count,
       total_xaf = user_purchase_totals.total_xaf + EXCLUDED.total_xaf, updated_at = now()`,
    [userId, count, xaf],
  );
}
