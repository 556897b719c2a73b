import { useCallback } from 'react';
import { useUrlParams } from '@/hooks/use-url-params';
import { parsePage } from '@/lib/catalogue-types';

/**
 * What every list page reads from its URL: the search (?q=, trimmed), the page (?page=, from 1),
 * `onSearch` (typing replaces the history entry) and `pageSearch` (a page number's query string,
 * the other parameters kept), beside useUrlParams' own `params`, `update` and `searchFor`.
 */
export function useListParams() {
  const { params, update, searchFor } = useUrlParams();
  const search = params.get('q')?.trim() ?? '';
  const page = parsePage(params.get('page'));
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const pageSearch = useCallback((n: number) => searchFor({ page: String(n) }), [searchFor]);
  return { params, update, searchFor, search, page, onSearch, pageSearch };
}
