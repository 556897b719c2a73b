import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { everyValue } from '@/lib/enum-values';
import { useDebounced } from '../messages/messaging-ui';
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
  const [params, setParams] = useSearchParams();
  const search = (params.get('search') ?? '').trim();
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const sortParam = params.get('sort') as UserSort | null;
  const sort: UserSort = sortParam && USER_SORTS.includes(sortParam) ? sortParam : 'CREATED_AT';
  const dirParam = params.get('dir');
  const direction: SortDirection = dirParam === 'ASC' || dirParam === 'DESC' ? dirParam : firstDirection(sort);

  const [input, setInput] = useState(search);
  const settled = useDebounced(input.trim(), 300);

  const update = useCallback(
    (change: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The box → the URL, once typing paused (only when the settled text changed: a URL changed
  // elsewhere is not overwritten by the box's older text).
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled !== search) update({ search: settled, page: null });
  }, [settled, search, update]);

  // The URL → the box, when it changed from elsewhere (top bar search, back button).
  const lastUrlSearch = useRef(search);
  useEffect(() => {
    if (search === lastUrlSearch.current) return;
    lastUrlSearch.current = search;
    if (search !== lastSettled.current) {
      lastSettled.current = search;
      setInput(search);
    }
  }, [search]);

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
