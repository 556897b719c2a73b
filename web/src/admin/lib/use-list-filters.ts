import { useMemo, useState } from 'react';
import type { FilterChange } from '../components/filter-bar';
import { useDebounced } from './use-debounced';

/** A list's text filters (selects, dates, a search), '' when unset. */
type TextFilters = Record<string, string> & { search: string };

/** What the server is asked: only the filters set, trimmed; null when none is. */
export function filtersSet<F extends TextFilters>(filters: F): Partial<F> | null {
  const set = Object.entries(filters)
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value !== '');
  return set.length ? (Object.fromEntries(set) as Partial<F>) : null;
}

/**
 * A filtered list's filters: setting one goes back to the first page; the search reaches the server
 * 300 ms after the last key. `filter` is what the server is asked (filtersSet), stable between renders.
 */
export function useListFilters<F extends TextFilters>(none: F, setPage: (page: number) => void) {
  const [filters, setFilters] = useState<F>(none);
  const search = useDebounced(filters.search, 300);
  const asked = JSON.stringify(filtersSet({ ...filters, search }));
  const filter = useMemo(() => JSON.parse(asked) as Partial<F> | null, [asked]);
  const change: FilterChange<F> = (key, value) => {
    setFilters((current) => ({ ...current, [key]: value }));
    setPage(1);
  };
  const filtered = JSON.stringify(filters) !== JSON.stringify(none);
  return { filters, filter, change, filtered, reset: () => setFilters(none) };
}
