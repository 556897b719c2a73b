import { useEffect, useState, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { Column } from '../components/data-list';
import { Skeleton } from '@/components/ui/skeleton';
import { useSidebar } from '../sidebar-context';

// The emails page reads these here still; they live with the paged lists.
export { LoadFailure, totalPages } from '../components/paged-list';

/** A figure card of the newsletter and messages pages (the dashboard's look). */
export function StatCard({ label, icon, value, detail, testId }: { label: string; icon: ReactNode; value: ReactNode; detail?: ReactNode; testId: string }) {
  return (
    <Card className="min-w-0 p-5" data-testid={testId}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-medium text-muted-foreground">{label}</h2>
        <span className="text-muted-foreground [&_svg]:size-5" aria-hidden="true">
          {icon}
        </span>
      </div>
      <div className="mt-2 min-w-0 text-2xl font-bold tabular-nums">{value}</div>
      {detail !== undefined && <div className="mt-1 text-xs text-muted-foreground">{detail}</div>}
    </Card>
  );
}

/** `count` cards standing in while their figures load. */
export function CardSkeletons({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => <CardSkeleton key={i} />);
}

export function CardSkeleton() {
  return (
    <Card className="p-5" aria-hidden="true">
      <Skeleton className="h-4 w-24" />
      <Skeleton className="mt-3 h-7 w-32" />
      <Skeleton className="mt-2 h-3 w-20" />
    </Card>
  );
}

/** The search box's value, once the administrator stopped typing for a moment. */
export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** A read-only table (cards under 768 px), for lists without row actions (the campaign history). */
export function PlainList<T>({ rows, columns, rowKey, label }: { rows: readonly T[]; columns: ReadonlyArray<Column<T>>; rowKey(row: T): string; label: string }) {
  const { isMobile } = useSidebar();
  const [first, ...rest] = columns;
  if (isMobile) {
    return (
      <ul aria-label={label} className="flex flex-col gap-3">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-lg border bg-card p-4 shadow-sm" data-testid="data-row" data-key={rowKey(row)}>
            <div className="min-w-0 font-medium">{first!.cell(row)}</div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {rest.map((column) => (
                <div key={column.header} className={cn('min-w-0', column.wide && 'col-span-2')}>
                  <dt className="text-xs text-muted-foreground">{column.header}</dt>
                  <dd className={column.wide ? undefined : 'truncate'}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="overflow-x-auto rounded-lg border bg-card shadow-sm">
      <table className="w-full text-sm" aria-label={label}>
        <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={cn('px-4 py-3 font-medium whitespace-nowrap', column.numeric && 'text-right', column.className)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-b last:border-0" data-testid="data-row" data-key={rowKey(row)}>
              {columns.map((column, index) => (
                <td key={column.header} className={cn('px-4 py-3 align-middle', column.numeric && 'text-right tabular-nums', index === 0 && 'font-medium', column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
