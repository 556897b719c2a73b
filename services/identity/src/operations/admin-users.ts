import { toCsv, validArgs } from '@lbf/service-kit';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import {
  clampPage,
  clampPageSize,
  containsPattern,
  SEARCH_MAX_LENGTH,
  totalPages,
  USERS_CSV_HEADER,
  userCsvRow,
  type SortDirectionKey,
  type UserSortKey,
} from '../domain/admin-users';
import { User } from '../entities';
import type { ActiveBan, UserLoaders } from './users';

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

const userSort = z.enum(['NAME', 'EMAIL', 'PHONE', 'CREATED_AT', 'STATUS', 'PURCHASES', 'TOTAL_SPENT']);
const sortDirection = z.enum(['ASC', 'DESC']);

export const listArgs = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, { message: `La recherche ne doit pas dépasser ${SEARCH_MAX_LENGTH} caractères.` }).nullish(),
  sort: userSort.nullish(),
  direction: sortDirection.nullish(),
});

export const pageArgs = listArgs.extend({ page: z.number().int().nullish(), pageSize: z.number().int().nullish() });

export interface ListQuery {
  search: string | null;
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

interface RawRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  created_at: Date;
  is_admin: boolean;
  is_banned: boolean;
  ban_reason: string | null;
  banned_at: Date | null;
  banned_by: string | null;
  purchase_count: number;
  total_xaf: string;
  total: number;
}

function listQuery(args: z.infer<typeof listArgs>): ListQuery {
  return { search: args.search ? args.search : null, sort: args.sort ?? 'CREATED_AT', direction: args.direction ?? 'DESC' };
}

/**
 * The matching users with everything the table shows, sorted (ties by id, in the same direction),
 * their count beside each row. One statement; with `paging`, one page of it, the page clamped to
 * the last one in the same statement (OFFSET from the count).
 */
async function selectUsers(ds: DataSource, q: ListQuery, paging: { page: number; pageSize: number } | null): Promise<{ rows: AdminUserRow[]; total: number }> {
  const params: unknown[] = [q.search === null ? null : containsPattern(q.search)];
  let limit = '';
  if (paging) {
    params.push(paging.pageSize, paging.page);
    limit = `LIMIT $2::int OFFSET (SELECT (LEAST($3::int, GREATEST(CEIL(count(*)::numeric / $2::int)::int, 1)) - 1) * $2::int FROM matched)`;
  }
  const raw = (await ds.query(
    `WITH matched AS MATERIALIZED (
       SELECT u.id, u.email, u.first_name, u.last_name, u.phone, u.created_at, u.name_key,
              EXISTS (SELECT 1 FROM admin_roles r WHERE r.user_id = u.id) AS is_admin,
              b.id IS NOT NULL AS is_banned, b.reason AS ban_reason, b.created_at AS banned_at, b.banned_by,
              COALESCE(t.purchase_count, 0) AS purchase_count, COALESCE(t.total_xaf, 0) AS total_xaf
       FROM users u
       LEFT JOIN user_bans b ON b.user_id = u.id AND b.is_active
       LEFT JOIN user_purchase_totals t ON t.user_id = u.id
       WHERE $1::text IS NULL OR u.search_text LIKE ${searchKeySql('$1::text')} ESCAPE '\\'
     )
     SELECT m.*, c.total FROM matched m CROSS JOIN (SELECT count(*)::int AS total FROM matched) c
     ORDER BY ${SORT_SQL[q.sort](q.direction)}, m.id ${q.direction}
     ${limit}`,
    params,
  )) as RawRow[];
  const rows = raw.map((r) => ({
    user: Object.assign(new User(), { id: r.id, email: r.email, firstName: r.first_name, lastName: r.last_name, phone: r.phone, createdAt: r.created_at }),
    isAdmin: r.is_admin,
    ban: r.is_banned ? { reason: r.ban_reason!, bannedAt: r.banned_at!, bannedBy: r.banned_by } : null,
    purchaseCount: r.purchase_count,
    totalXaf: Number(r.total_xaf),
  }));
  return { rows, total: raw[0]?.total ?? 0 };
}

export interface AdminUserPage {
  items: User[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/**
 * adminUsers: one page of the table in one SQL statement. The request's loaders are primed with
 * each row's user, admin flag and ban, so the User fields of the page run no further query.
 */
export async function adminUsers(ds: DataSource, loaders: UserLoaders, args: unknown): Promise<AdminUserPage> {
  const parsed = validArgs(pageArgs, args);
  const pageSize = clampPageSize(parsed.pageSize);
  const { rows, total } = await selectUsers(ds, listQuery(parsed), { page: Math.max(1, parsed.page ?? 1), pageSize });
  for (const r of rows) {
    loaders.user.prime(r.user.id, r.user);
    loaders.isAdmin.prime(r.user.id, r.isAdmin);
    loaders.isBanned.prime(r.user.id, r.ban !== null);
    loaders.ban.prime(r.user.id, r.ban);
  }
  return { items: rows.map((r) => r.user), total, page: clampPage(parsed.page, total, pageSize), pageSize, totalPages: totalPages(total, pageSize) };
}

/** users-export.csv: the users matching the search, in the table's order, through the kit's CSV (dates in the site's time zone). */
export async function exportUsersCsv(ds: DataSource, args: unknown, siteTimezone: string): Promise<string> {
  const { rows } = await selectUsers(ds, listQuery(validArgs(listArgs, args)), null);
  return toCsv(
    USERS_CSV_HEADER,
    rows.map((r) =>
      userCsvRow({
        fullName: `${r.user.firstName} ${r.user.lastName}`.trim(),
        email: r.user.email,
        phone: r.user.phone,
        createdAt: r.user.createdAt,
        purchaseCount: r.purchaseCount,
        totalXaf: r.totalXaf,
        banned: r.ban !== null,
      }),
    ),
    { timeZone: siteTimezone },
  );
}

export interface UserStats {
  total: number;
  active: number;
  banned: number;
  newLast30Days: number;
}

/**
 * The users page's cards: banned = total minus active; new = accounts created (every origin: the
 * sign-up form and the administrators' command, as analytics' sign-ups) since the start of the
 * site day 29 days ago, i.e. the 30 days of the statistics' default period, today included.
 */
export async function adminUserStats(ds: DataSource, siteTimezone: string): Promise<UserStats> {
  const [row] = (await ds.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = u.id AND b.is_active))::int AS active,
            count(*) FILTER (WHERE u.created_at >= (((now() AT TIME ZONE $1)::date - 29)::timestamp AT TIME ZONE $1))::int AS recent
     FROM users u`,
    [siteTimezone],
  )) as Array<{ total: number; active: number; recent: number }>;
  return { total: row!.total, active: row!.active, banned: row!.total - row!.active, newLast30Days: row!.recent };
}
