import type { CsvCell } from '@lbf/service-kit';
import type { SortDirection, UserSort } from '../generated/graphql';

/** The SDL's UserSort and SortDirection. */
export type UserSortKey = UserSort;
export type SortDirectionKey = SortDirection;

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const SEARCH_MAX_LENGTH = 200;

/** pageSize within 1..100; the page within 1..totalPages (a page past the end shows the last one). */
export function clampPageSize(pageSize: number | null | undefined): number {
  const size = Math.trunc(pageSize ?? DEFAULT_PAGE_SIZE);
  return Math.min(Math.max(Number.isFinite(size) ? size : DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number | null | undefined, total: number, pageSize: number): number {
  const wanted = Math.trunc(page ?? 1);
  return Math.min(Math.max(Number.isFinite(wanted) ? wanted : 1, 1), totalPages(total, pageSize));
}

/** The export's header, in the table's order (spec 'Admin users'). */
export const USERS_CSV_HEADER = ['Nom', 'Email', 'Téléphone', "Date d'inscription", 'Achats', 'Total dépensé (FCFA)', 'Statut'];

export interface UserCsvRow {
  fullName: string;
  email: string;
  phone: string | null;
  createdAt: Date;
  purchaseCount: number;
  totalXaf: number;
  banned: boolean;
}

/** One user as a row of users-export.csv: the sign-up's date and time (the kit writes it in the site's zone), amounts in whole FCFA. */
export function userCsvRow(u: UserCsvRow): CsvCell[] {
  return [u.fullName, u.email, u.phone ?? '', u.createdAt, u.purchaseCount, Math.round(u.totalXaf), u.banned ? 'Banni' : 'Actif'];
}
