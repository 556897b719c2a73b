import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './use-debounced';

/**
 * A search box tied to the search in the URL (`search`, trimmed): typed into freely, its text given
 * to `write` 300 ms after the last key, and the URL's search brought back into the box when it
 * changed elsewhere (the top bar's search, the back button). `write` must be stable (useCallback).
 */
export function useSearchBox(search: string, write: (settled: string) => void): [string, (value: string) => void] {
  const [input, setInput] = useState(search);
  const settled = useDebounced(input.trim(), 300);

  // The box → the URL, once typing paused (only when the settled text changed: a URL changed
  // elsewhere is not overwritten by the box's older text).
  const lastSettled = useRef(settled);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (settled !== search) write(settled);
  }, [settled, search, write]);

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

  return [input, setInput];
}
