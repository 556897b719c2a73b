import type { TypedDocumentNode } from '@apollo/client';
import { useMemo, useState } from 'react';
import { useApolloQuery } from '@/data/hooks';
import { useCsvExport } from '../lib/use-csv-export';
import { useListFilters } from '../lib/use-list-filters';
import { usePagedList, type ListPage } from './paged-list';

/**
 * A paged list under filters (payments, journal): the page (back to 1 when a filter changes), the
 * filters as the server's filter `S` (only those set), the query (the previous page not kept), and
 * 'Exporter' of what the filters select.
 */
export function useFilteredPagedList<F extends Record<string, string> & { search: string }, S, TData, L extends ListPage<unknown>, K extends string>(
  none: F,
  query: TypedDocumentNode<TData, { filter?: S | null; page: number; pageSize: number }>,
  pick: (data: TData) => L,
  { pageSize, what, csv }: { pageSize: number; what: string; csv: { query: TypedDocumentNode<Record<K, string>, { filter?: S | null }>; field: K; fileName: string } },
) {
  const [page, setPage] = useState(1);
  const { filters, filter: asked, change, filtered, reset } = useListFilters(none, setPage);
  // Only the filters set (useListFilters): the server's filter.
  const filter = asked as S | null;
  const result = useApolloQuery(query, { variables: { filter, page, pageSize }, fetchPolicy: 'cache-and-network' });
  const paged = usePagedList(result, pick, { page, setPage, what, keepPrevious: false });
  const exportVariables = useMemo(() => ({ filter }), [filter]);
  const { exportCsv, exporting } = useCsvExport(csv.query, csv.field, csv.fileName, exportVariables);
  return { setPage, filters, change, filtered, reset, refetch: result.refetch, paged, exportCsv, exporting };
}
