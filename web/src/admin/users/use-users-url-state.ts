import { useCallback } from 'react';
import { everyValue } from '@/lib/enum-values';
import { useSearchBox } from '../lib/use-search-box';
import { useUrlQuery } from '../lib/use-url-state';
import type { SortDirection, UserSort } from './operations';

export const USER_SORTS = everyValue<UserSort>()(['NAME', 'EMAIL', 'PHONE', 'CREATED_AT', 'STATUS', 'PURCHASES', 'TOTAL_SPENT']);

/** A column's first direction when it becomes the sort: words A→Z, figures and dates largest first. */
export function firstDirection(sort: UserSort): SortDirection {
  return sort === 'CREATED_AT' || sort === 'PURCHASES' || sort === 'TOTAL_SPENT' ? 'DESC' : 'ASC';
}

export interface UsersView {
  /** What the table shows: the URL's search (trimmed), page, sort and direction. */
  search: string;
  page: number;
  sort: UserSort;
  direction: SortDirection;
}

/**
 * The users page's state lives in the URL query (?search=…&page=…&sort=…&dir=…), so a reload,
 * the back button or the top bar's search (/admin/users?search=<email>) show the same rows. The
 * search box is typed into freely; its value goes to the URL 300 ms after the last key, page 1.
 */
export function useUsersUrlState() {
  const [params, update] = useUrlQuery();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort') as UserSort | null;
  const sort: UserSort = sortParam && USER_SORTS.includes(sortParam) ? sortParam : 'CREATED_AT';
  const dirParam = params.get('dir');
  const direction: SortDirection = dirParam === 'ASC' || dirParam === 'DESC' ? dirParam : firstDirection(sort);

  const [input, setInput] = useSearchBox(
    search,
    useCallback((settled: string) => update({ search: settled, page: null }), [update]),
  );

  const view: UsersView = { search, page, sort, direction };
  return {
    view,
    input,
    setInput,
    setPage: useCallback((next: number) => update({ page: next > 1 ? String(next) : null }), [update]),
    /** A header clicked: the same column flips its direction, another starts with its first one. */
    sortBy: useCallback(
      (column: UserSort, dir?: SortDirection) => {
        const nextDir = dir ?? (column === sort ? (direction === 'ASC' ? 'DESC' : 'ASC') : firstDirection(column));
        update({ sort: column, dir: nextDir, page: null });
      },
      [sort, direction, update],
    ),
  };
}
