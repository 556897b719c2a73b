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

interface ListOptions<TData, T> {
  /** The list in an answer. */
  pick(data: TData): ListPage<T>;
  /** Names the screen in the logged failure. */
  what: string;
  /** What the list is filtered by (its other filters for a searched list), as text: the page goes back to 1 when it changes. */
  filterKey?: string;
}

/**
 * A paged list: the page (back to 1 when `filterKey` changes), the query, its failure logged
 * (spec §8), and the page stepped back when the last one emptied (a deletion). While another page
 * or filter is answered, the previous rows stay on screen (no skeleton at each key). `paging` is
 * ListBody's (or Pagination's) once the first answer came.
 */
export function usePagedList<TData, TVars extends OperationVariables, T>(
  query: TypedDocumentNode<TData, TVars>,
  { variables, pick, what, filterKey = '' }: ListOptions<TData, T> & { /** The query's variables for a page. */ variables(page: number): TVars },
) {
  const [page, setPage] = usePageFor(filterKey);
  const result = useApolloQuery(query, { variables: variables(page), fetchPolicy: 'cache-and-network' } as never);
  useLogError(result.error, what);
  const shown = (result.data ?? result.previousData) as TData | undefined;
  const list = shown ? pick(shown) : undefined;
  useClampPage(list?.totalPages, page, setPage);
  return {
    ...result,
    data: result.data as TData | undefined,
    list,
    page,
    setPage,
    paging: list && { page: list.page, totalPages: list.totalPages, onPage: setPage },
  };
}

/**
 * A paged list searched from the URL (?search=…, the top bar's hits): usePagedList, the search
 * box's text, the page back to 1 when the search or `filterKey` changes.
 *
 * Spread `searchBox` into ListSearch and `body` into ListBody.
 */
export function useSearchedList<TData, TVars extends OperationVariables, T>(
  query: TypedDocumentNode<TData, TVars>,
  {
    variables,
    filterKey = '',
    ...options
  }: ListOptions<TData, T> & { /** The query's variables for a search (null: none) and a page. */ variables(search: string | null, page: number): TVars },
) {
  const { search, input, setInput } = useUrlSearch();
  const paged = usePagedList(query, { ...options, variables: (page) => variables(search || null, page), filterKey: `${filterKey}|${search}` });

  return {
    ...paged,
    search,
    /** After an item was added: the first page, asked again. */
    reloadFirstPage() {
      paged.setPage(1);
      void paged.refetch(variables(search || null, 1));
    },
    searchBox: { value: input, onChange: setInput },
    body: {
      rows: paged.list?.items,
      loading: paged.loading,
      paging: paged.paging,
      search: search ? { text: search, onClear: () => setInput('') } : undefined,
    },
  };
}
