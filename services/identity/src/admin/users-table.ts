import { connectionOf, containsPattern, cursorPageArgs, ok, parseInput, splitPage, toCsv, type Connection, type Result } from '@lbf/service-kit';
import { z } from 'zod';
import type { UserLoaders } from '../accounts';
import type { IdentityDeps } from '../deps';
import { clampPage, clampPageSize, SEARCH_MAX_LENGTH, totalPages, USERS_CSV_HEADER, userCsvRow } from './rules';
import type { User } from '../shared/user';
import { countUsers, selectUsers, selectUsersAfter, type AdminUserRow, type ListQuery } from './store';

const userSort = z.enum(['NAME', 'EMAIL', 'PHONE', 'CREATED_AT', 'STATUS', 'PURCHASES', 'TOTAL_SPENT']);
const sortDirection = z.enum(['ASC', 'DESC']);

export const listArgs = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH, { message: `La recherche ne doit pas dépasser ${SEARCH_MAX_LENGTH} caractères.` }).nullish(),
  sort: userSort.nullish(),
  direction: sortDirection.nullish(),
});

export const pageArgs = listArgs.extend({ page: z.number().int().nullish(), pageSize: z.number().int().nullish() });

function listQuery(args: z.infer<typeof listArgs>): ListQuery {
  return { pattern: args.search ? containsPattern(args.search) : null, sort: args.sort ?? 'CREATED_AT', direction: args.direction ?? 'DESC' };
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
export async function adminUsers(deps: IdentityDeps, loaders: UserLoaders, args: unknown): Promise<Result<AdminUserPage>> {
  const parsed = parseInput(pageArgs, args);
  if (!parsed.ok) return parsed;
  const { page, pageSize: asked } = parsed.value;
  const pageSize = clampPageSize(asked);
  const { rows, total } = await selectUsers(deps.ds, listQuery(parsed.value), { page: Math.max(1, page ?? 1), pageSize });
  primeLoaders(loaders, rows);
  return ok({ items: rows.map((r) => r.user), total, page: clampPage(page, total, pageSize), pageSize, totalPages: totalPages(total, pageSize) });
}

const connectionArgs = cursorPageArgs.extend({ search: listArgs.shape.search });

function primeLoaders(loaders: UserLoaders, rows: readonly AdminUserRow[]): void {
  for (const r of rows) {
    loaders.user.prime(r.user.id, r.user);
    loaders.isAdmin.prime(r.user.id, r.isAdmin);
    loaders.isBanned.prime(r.user.id, r.ban !== null);
    loaders.ban.prime(r.user.id, r.ban);
  }
}

/** adminUsersConnection: the accounts newest first, by cursor (integrators, issue 24); the loaders primed as adminUsers does. */
export async function adminUsersConnection(deps: IdentityDeps, loaders: UserLoaders, args: unknown): Promise<Result<Connection<User>>> {
  const parsed = parseInput(connectionArgs, args);
  if (!parsed.ok) return parsed;
  const { search, first, after } = parsed.value;
  const { rows, total } = await selectUsersAfter(deps.ds, search ? containsPattern(search) : null, after, first + 1);
  const { page, hasNextPage } = splitPage(rows, first);
  primeLoaders(loaders, page);
  return ok(connectionOf(page.map((r) => ({ node: r.user, cursor: r.cursor })), hasNextPage, total));
}

/** users-export.csv: the users matching the search, in the table's order, through the kit's CSV (dates in the site's time zone). */
export async function exportUsersCsv(deps: IdentityDeps, args: unknown): Promise<Result<string>> {
  const parsed = parseInput(listArgs, args);
  if (!parsed.ok) return parsed;
  const { rows } = await selectUsers(deps.ds, listQuery(parsed.value), null);
  const csvRows = rows.map((r) =>
    userCsvRow({
      fullName: `${r.user.firstName} ${r.user.lastName}`.trim(),
      email: r.user.email,
      phone: r.user.phone,
      createdAt: r.user.createdAt,
      purchaseCount: r.purchaseCount,
      totalXaf: r.totalXaf,
      banned: r.ban !== null,
    }),
  );
  return ok(toCsv(USERS_CSV_HEADER, csvRows, { timeZone: deps.config.siteTimezone }));
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
export async function adminUserStats(deps: IdentityDeps): Promise<UserStats> {
  const { total, active, recent } = await countUsers(deps.ds, deps.config.siteTimezone);
  return { total, active, banned: total - active, newLast30Days: recent };
}
