import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/utils';
import { LoadError } from './load-error';

/** The link back to where an item's page came from (the home, the guides, the news), above it. */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {label}
    </Link>
  );
}

/** What an item's query says so far (Apollo's result, or the part of it that matters here). */
export type ItemQuery = { data: unknown; loading: boolean; error?: unknown; refetch(): unknown };

export type ItemPageProps<T> = {
  back: { to: string; label: string };
  item: T | null | undefined;
  query: ItemQuery;
  skeleton: ReactNode;
  missing: ReactNode;
  className?: string;
  after?: ReactNode;
  children(item: T): ReactNode;
  'data-testid'?: string;
};

/**
 * One item's page (a video, a guide, an article): the back link, then what its query allows: the
 * item, 'Le chargement a échoué' when it failed with nothing to show, the skeleton while loading,
 * else `missing` (an id the server does not know). `after`: what the page keeps whatever the
 * state (the payment dialog).
 */
export function ItemPage<T>({
  back,
  item,
  query,
  skeleton,
  missing,
  className,
  after,
  children,
  ...attributes
}: ItemPageProps<T>) {
  return (
    <div className={cn('container-page py-6 sm:py-10', className)} {...attributes}>
      <BackLink {...back} />
      {item ? (
        children(item)
      ) : query.error && !query.data ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : query.loading || !query.data ? (
        skeleton
      ) : (
        missing
      )}
      {after}
    </div>
  );
}
