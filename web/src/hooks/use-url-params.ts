import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

type Changes = Record<string, string | null | undefined>;

/**
 * The list's state lives in the URL (?q=…&category=…&sort=…&page=…): it survives a reload, the
 * back button restores it and a link can share it. `update` sets or removes parameters; any
 * change other than the page itself goes back to page 1. Typing replaces the history entry
 * rather than adding one per pause.
 */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();

  const searchFor = useCallback(
    (changes: Changes): string => {
      const next = new URLSearchParams(params);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null || value === undefined || value === '') next.delete(key);
        else next.set(key, value);
      }
      if (!('page' in changes)) next.delete('page');
      if (next.get('page') === '1') next.delete('page');
      const text = next.toString();
      return text ? `?${text}` : '';
    },
    [params],
  );

  const update = useCallback(
    (changes: Changes, options: { replace?: boolean } = {}) => {
      setParams(new URLSearchParams(searchFor(changes)), { replace: options.replace ?? false });
    },
    [searchFor, setParams],
  );

  return { params, update, searchFor };
}
