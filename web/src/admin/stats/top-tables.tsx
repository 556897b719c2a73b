import { FileText, Video } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { formatCount } from '@/lib/format/number';
import { cn } from '@/lib/utils';
import { formatXaf } from '../lib/money';
import { ListSkeleton } from '../components/skeleton';
import { statsFr } from '@/i18n/admin/stats';

const t = statsFr.top;

export interface TopPageRow {
  path: string;
  views: number;
  visits: number;
}

export interface TopItemRow {
  itemId: string;
  itemType: string;
  title: string;
  sales: number;
  revenueXaf: number;
}

interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  numeric?: boolean;
  /** Width classes of a figure column (the first column takes the rest). */
  width?: string;
  /** Left out under 640 px, where the first cell repeats it under the title. */
  hideOnPhone?: boolean;
}

/**
 * A small ranked table in its card: few columns, the first one truncated so that on a phone the
 * numbers stay in view; the card scrolls sideways itself if a screen is narrower still.
 */
function RankTable<T>({
  title,
  rows,
  columns,
  rowKey,
  empty,
  testId,
  rowTestId,
  rowData,
}: {
  title: string;
  rows: readonly T[] | undefined;
  columns: ReadonlyArray<Column<T>>;
  rowKey(row: T): string;
  empty: string;
  testId: string;
  rowTestId: string;
  rowData?(row: T): Record<string, string>;
}) {
  return (
    <Card className="min-w-0 p-4 sm:p-5" data-testid={testId}>
      <h2 className="mb-3 text-base font-semibold">{title}</h2>
      {rows === undefined ? (
        <ListSkeleton rows={3} />
      ) : rows.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full table-fixed text-sm" aria-label={title}>
            <thead className="border-b text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="w-8 py-2 pr-2 font-medium">
                  #
                </th>
                {columns.map((column, index) => (
                  <th
                    key={column.header}
                    scope="col"
                    className={cn(
                      'py-2 font-medium',
                      index > 0 && (column.width ?? 'w-16 sm:w-20'),
                      index > 0 && 'pl-2',
                      column.numeric && 'text-right',
                      column.hideOnPhone && 'hidden sm:table-cell',
                    )}
                  >
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, rank) => (
                <tr key={rowKey(row)} className="border-b last:border-0" data-testid={rowTestId} {...rowData?.(row)}>
                  <td className="py-2 pr-2 text-muted-foreground tabular-nums">{rank + 1}</td>
                  {columns.map((column, index) => (
                    <td
                      key={column.header}
                      className={cn('py-2', index === 0 ? 'truncate' : 'pl-2', column.numeric && 'text-right tabular-nums', column.hideOnPhone && 'hidden sm:table-cell')}
                    >
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

export function TopPagesTable({ rows }: { rows: readonly TopPageRow[] | undefined }) {
  return (
    <RankTable
      title={t.pages}
      rows={rows}
      rowKey={(row) => row.path}
      empty={t.noPages}
      testId="top-pages"
      rowTestId="top-page"
      columns={[
        { header: t.page, cell: (row) => <span title={row.path}>{row.path}</span> },
        { header: t.views, numeric: true, cell: (row) => formatCount(row.views) },
        { header: t.visits, numeric: true, cell: (row) => formatCount(row.visits) },
      ]}
    />
  );
}

export function TopItemsTable({ rows }: { rows: readonly TopItemRow[] | undefined }) {
  return (
    <RankTable
      title={t.items}
      rows={rows}
      rowKey={(row) => `${row.itemType}:${row.itemId}`}
      empty={t.noItems}
      testId="top-items"
      rowTestId="top-item"
      rowData={(row) => ({ 'data-item-id': row.itemId })}
      columns={[
        {
          header: t.item,
          cell: (row) => (
            <span className="flex min-w-0 items-start gap-2" title={row.title}>
              <span className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:size-4" aria-label={t.itemTypes[row.itemType] ?? row.itemType} role="img">
                {row.itemType === 'PDF' ? <FileText aria-hidden="true" /> : <Video aria-hidden="true" />}
              </span>
              <span className="min-w-0 whitespace-normal">
                <span className="line-clamp-2 break-words">{row.title}</span>
                <span className="block text-xs text-muted-foreground sm:hidden">{t.salesCount(row.sales)}</span>
              </span>
            </span>
          ),
        },
        { header: t.sales, numeric: true, hideOnPhone: true, cell: (row) => formatCount(row.sales) },
        { header: t.revenue, numeric: true, width: 'w-28 sm:w-32', cell: (row) => formatXaf(row.revenueXaf) },
      ]}
    />
  );
}
