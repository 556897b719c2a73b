import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSearchBox } from './use-search-box';

/**
 * The page's URL query and a way to change some of its parameters, keeping the others: null or ''
 * removes one. The history entry is replaced, so opening and closing a dialog, paging or sorting
 * does not fill the back button.
 */
export function useUrlQuery(): [URLSearchParams, (change: Record<string, string | null>) => void] {
  const [params, setParams] = useSearchParams();
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
  return [params, update];
}

/** One query parameter of the page's URL (?message=…, ?order=…, ?video=…): its value and its setter. */
export function useUrlParam(name: string): [string | null, (value: string | null) => void] {
  const [params, update] = useUrlQuery();
  const set = useCallback((next: string | null) => update({ [name]: next }), [name, update]);
  return [params.get(name) || null, set];
}

/**
 * A list's search kept in the URL (?search=…), like the users page: a link such as the top bar's
 * /admin/videos?search=<titre> opens the list filtered, a reload keeps the filter. The box is typed
 * into freely; its text goes to the URL 300 ms after the last key. `search` is what the list asks
 * the server for: the URL's value, trimmed.
 */
export function useUrlSearch(): { search: string; input: string; setInput(value: string): void } {
  const [value, setValue] = useUrlParam('search');
  const search = (value ?? '').trim();
  const [input, setInput] = useSearchBox(search, setValue);
  return { search, input, setInput };
}

/** A list's page, back to 1 whenever `filter` (what the list is filtered by) changes. */
export function usePageFor(filter: string): [number, (page: number) => void] {
  const [state, setState] = useState({ filter, page: 1 });
  const page = state.filter === filter ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ filter, page: next }), [filter]);
  return [page, setPage];
}
