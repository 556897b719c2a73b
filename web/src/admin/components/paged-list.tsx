import { RotateCcw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useClampPage } from '../lib/use-clamp-page';
import { useLogError } from '../lib/use-log-error';
import { DataList, EmptyState, FilteredEmptyState, type DataListProps } from './data-list';
import { Pagination } from './pagination';
import { ListSkeleton } from './skeleton';

/** One page of a list as the server answers it: its rows, where it is, and how many there are. */
export interface ListPage<T> {
  items: readonly T[];
  page: number;
  total: number;
  pageSize: number;
  /** When the server counts the pages itself (orders, users). */
  totalPages?: number;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** A load failure with 'Réessayer' (spec §8's sentence for the screen). */
export function LoadFailure({ text, retryLabel, onRetry }: { text: string; retryLabel: string; onRetry(): void }) {
  return (
    <EmptyState icon={<TriangleAlert />} text={text}>
      <Button variant="outline" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        {retryLabel}
      </Button>
    </EmptyState>
  );
}

/** What a paged list's query answered, as `usePagedList` reads it (an Apollo query's result). */
interface PagedResult<TData> {
  data?: TData | undefined;
  previousData?: TData | undefined;
  loading: boolean;
  error?: unknown;
  refetch(): Promise<unknown>;
}

export interface PagedList<L extends ListPage<unknown>> {
  /** The page on screen: while the next one loads, the previous one (unless `keepPrevious` is false). */
  list: L | undefined;
  pages: number | undefined;
  loading: boolean;
  error: unknown;
  retry(): void;
}

/**
 * A paged list's answer read the same way on every screen: the page picked from the data (the
 * previous answer kept on screen while the next one loads), the failure logged under `what`
 * (spec §8), and the page stepped back when deleting emptied the last one.
 */
export function usePagedList<TData, L extends ListPage<unknown>>(
  result: PagedResult<TData>,
  pick: (data: TData) => L,
  { page, setPage, what, keepPrevious = true }: { page: number; setPage(page: number): void; what: string; keepPrevious?: boolean },
): PagedList<L> {
  const data = keepPrevious ? (result.data ?? result.previousData) : result.data;
  const list = data ? pick(data) : undefined;
  const pages = list ? (list.totalPages ?? totalPages(list.total, list.pageSize)) : undefined;
  useLogError(result.error, what);
  useClampPage(pages, page, setPage);
  const { refetch } = result;
  return { list, pages, loading: result.loading, error: result.error, retry: () => void refetch() };
}

/**
 * The body of a paged list: a skeleton while the first answer is awaited, the failure with
 * 'Réessayer' (when the screen has a sentence for it), the empty state, else the rows (`children`)
 * and the pagination.
 */
export function PagedListBody<L extends ListPage<unknown>>({
  paged,
  failure,
  empty,
  onPage,
  skeletonRows,
  children,
}: {
  paged: PagedList<L>;
  failure?: { text: string; retryLabel: string };
  empty: ReactNode;
  onPage(page: number): void;
  skeletonRows?: number;
  children(items: L['items']): ReactNode;
}) {
  const { list, pages, loading, error, retry } = paged;
  if (!list && loading) return <ListSkeleton rows={skeletonRows} />;
  if (!list && error && failure) return <LoadFailure text={failure.text} retryLabel={failure.retryLabel} onRetry={retry} />;
  if (!list || list.items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(list.items)}
      <Pagination page={list.page} totalPages={pages ?? 1} onPage={onPage} />
    </>
  );
}

/** A paged list's rows as DataList shows them, each row keyed by its id. */
type PagedRows<L extends ListPage<{ id: string }>> = Omit<DataListProps<L['items'][number]>, 'rows' | 'rowKey'>;

/** PagedListBody around a DataList of the page's rows (messages, reviews, contact, subscribers…). */
export function PagedDataList<L extends ListPage<{ id: string }>>({
  paged,
  onPage,
  failure,
  empty,
  skeletonRows,
  ...list
}: {
  paged: PagedList<L>;
  onPage(page: number): void;
  failure?: { text: string; retryLabel: string };
  empty: ReactNode;
  skeletonRows?: number;
} & PagedRows<L>) {
  return (
    <PagedListBody paged={paged} onPage={onPage} failure={failure} empty={empty} skeletonRows={skeletonRows}>
      {(items) => <DataList {...list} rows={items} rowKey={(row) => row.id} />}
    </PagedListBody>
  );
}

/** The words of a filtered paged list (payments, journal). */
interface FilteredListTexts {
  empty: string;
  resetFilters: string;
  loadFailure: string;
  retry: string;
}

/** A paged list under filters (payments, journal): when the filters match nothing, 'Réinitialiser'. */
export function FilteredPagedList<L extends ListPage<{ id: string }>>({
  paged,
  onPage,
  filtered,
  onReset,
  icon,
  text: t,
  ...list
}: {
  paged: PagedList<L>;
  onPage(page: number): void;
  filtered: boolean;
  onReset(): void;
  icon: ReactNode;
  text: FilteredListTexts;
} & PagedRows<L>) {
  const empty = <FilteredEmptyState icon={icon} text={t.empty} filtered={filtered} resetLabel={t.resetFilters} onReset={onReset} />;
  return <PagedDataList paged={paged} onPage={onPage} failure={{ text: t.loadFailure, retryLabel: t.retry }} empty={empty} {...list} />;
}
