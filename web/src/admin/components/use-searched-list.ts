import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useApolloQuery } from '@/data/hooks';
import { useClampPage } from '../lib/use-clamp-page';
import { useLogError } from '../lib/use-log-error';
import { usePageFor, useUrlSearch } from '../lib/use-url-state';

/** One page of a paged admin list, as the server answers it. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  totalPages: number;
}

/**
 * A paged list searched from the URL (?search=…, the top bar's hits): the search box's text, the
 * page (back to 1 when the search or `filterKey` changes), the query, its failure logged (spec §8),
 * and the page stepped back when the last one emptied. While a new search is answered, the previous
 * rows stay on screen (no skeleton at each key).
 *
 * Spread `searchBox` into ListSearch and `body` into ListBody.
 */
export function useSearchedList<TData, TVars extends OperationVariables, T>(
  query: TypedDocumentNode<TData, TVars>,
  {
    variables,
    pick,
    what,
    filterKey = '',
  }: {
    /** The query's variables for a search (null: none) and a page. */
    variables(search: string | null, page: number): TVars;
    /** The list in an answer. */
    pick(data: TData): ListPage<T>;
    /** Names the screen in the logged failure. */
    what: string;
    /** The list's other filters, as text: the page goes back to 1 when they change. */
    filterKey?: string;
  },
) {
  const { search, input, setInput } = useUrlSearch();
  const [page, setPage] = usePageFor(`${filterKey}|${search}`);
  const result = useApolloQuery(query, { variables: variables(search || null, page), fetchPolicy: 'cache-and-network' } as never);
  useLogError(result.error, what);
  const shown = (result.data ?? result.previousData) as TData | undefined;
  const list = shown ? pick(shown) : undefined;
  useClampPage(list?.totalPages, page, setPage);

  return {
    ...result,
    data: result.data as TData | undefined,
    list,
    search,
    page,
    setPage,
    /** After an item was added: the first page, asked again. */
    reloadFirstPage() {
      setPage(1);
      void result.refetch(variables(search || null, 1));
    },
    searchBox: { value: input, onChange: setInput },
    body: {
      rows: list?.items,
      loading: result.loading,
      paging: list && { page: list.page, totalPages: list.totalPages, onPage: setPage },
      search: search ? { text: search, onClear: () => setInput('') } : undefined,
    },
  };
}
