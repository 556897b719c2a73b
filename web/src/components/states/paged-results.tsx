import type { ReactNode } from 'react';
import { Pagination } from '@/components/ui/pagination';
import { cn } from '@/lib/utils';
import { LoadError } from './load-error';
import { LoadingRegion } from './loading-region';

/** One page of a server-paginated list, as the catalogue's queries answer it. */
export interface ResultPage<T> {
  items: readonly T[];
  page: number;
  totalPages: number;
}

/** How a list lays its cards out: grid columns, test id, the card's skeleton and how many, the loading status. */
export interface ResultGrid {
  /** e.g. 'sm:grid-cols-2 lg:grid-cols-3'. */
  columns: string;
  testId: string;
  skeleton: ReactNode;
  skeletons: number;
  loadingLabel: string;
}

/**
 * What PagedResults needs of a query: the page `pick` finds in its answer (the previous answer's
 * while the next loads), whether it loads, its error and a retry.
 */
export function pagedState<D, P extends ResultPage<unknown>>(
  query: { data?: D; previousData?: D; loading: boolean; error?: unknown; refetch(): unknown },
  pick: (data: D) => P,
) {
  const shown = query.data ?? query.previousData;
  return { result: shown ? pick(shown) : undefined, loading: query.loading, error: query.error, onRetry: () => void query.refetch() };
}

/**
 * A paginated list's four states, the same on every list page: the load error with its retry;
 * skeleton cards (and a status for screen readers) before the first answer; `empty` when nothing
 * matches; else the grid (dimmed while the next results load, the previous ones kept meanwhile)
 * and the page links (`pageSearch` gives a page number's query string, keeping the filters).
 */
export function PagedResults<T extends { id: string }>({
  result,
  loading,
  error,
  onRetry,
  grid: { columns, testId, skeleton, skeletons, loadingLabel },
  empty,
  pageSearch,
  children,
}: {
  result: ResultPage<T> | undefined;
  loading: boolean;
  error: unknown;
  onRetry(): void;
  grid: ResultGrid;
  empty: ReactNode;
  pageSearch(page: number): string;
  children(item: T, index: number): ReactNode;
}) {
  return (
    <>
      {error ? (
        <LoadError onRetry={onRetry} />
      ) : !result ? (
        <LoadingRegion label={loadingLabel}>
          <ul className={cn('grid gap-5', columns)}>
            {Array.from({ length: skeletons }, (_, i) => (
              <li key={i}>{skeleton}</li>
            ))}
          </ul>
        </LoadingRegion>
      ) : result.items.length === 0 ? (
        empty
      ) : (
        <ul className={cn('grid gap-5 transition-opacity', columns, loading && 'opacity-60')} aria-busy={loading} data-testid={testId}>
          {result.items.map((item, index) => (
            <li key={item.id} className="flex">
              {children(item, index)}
            </li>
          ))}
        </ul>
      )}
      {result && !error && <Pagination page={result.page} totalPages={result.totalPages} search={pageSearch} />}
    </>
  );
}
