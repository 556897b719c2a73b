import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDebounced } from '../messages/messaging-ui';

/**
 * One query parameter of the page's URL (?message=…, ?order=…, ?video=…): its value and a setter
 * that keeps the other parameters. null or '' removes it. The history entry is replaced, so
 * opening and closing a dialog does not fill the back button.
 */
export function useUrlParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const set = useCallback(
    (next: string | null) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === null || next === '') updated.delete(name);
          else updated.set(name, next);
          return updated;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [value || null, set];
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
  const [input, setInput] = useState(search);
  const settled = useDebounced(input.trim(), 300);

  // The box → the URL, once typing paused (only when the settled text changed: a URL changed
  // elsewhere is not overwritten by the box's older text).
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled !== search) setValue(settled);
  }, [settled, search, setValue]);

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

  return { search, input, setInput };
}

/** A list's page, back to 1 whenever `filter` (what the list is filtered by) changes. */
export function usePageFor(filter: string): [number, (page: number) => void] {
  const [state, setState] = useState({ filter, page: 1 });
  const page = state.filter === filter ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ filter, page: next }), [filter]);
  return [page, setPage];
}
