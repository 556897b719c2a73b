import type { MouseEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useSidebar } from '../sidebar-context';

export interface Column<T> {
  header: string;
  cell(row: T): ReactNode;
  /** Right-aligned numbers. */
  numeric?: boolean;
  /** On a card, takes the whole width (long text). */
  wide?: boolean;
  className?: string;
}

/**
 * What every row (card or table row) carries: its test id and key, and, when rows open, the pointer
 * and the click on the row itself (not on one of its buttons or links) that opens it: a shortcut
 * for the mouse, the row's own action button remaining the way in for the keyboard.
 */
function rowAttributes<T>(row: T, rowKey: (row: T) => string, onRowClick: ((row: T) => void) | undefined, className: string) {
  return {
    className: cn(className, onRowClick && 'cursor-pointer'),
    'data-testid': 'data-row',
    'data-key': rowKey(row),
    onClick: onRowClick
      ? (event: MouseEvent<HTMLElement>) => {
          if ((event.target as HTMLElement).closest('button, a, input, select, textarea, label')) return;
          onRowClick(row);
        }
      : undefined,
  };
}

function hasActions(node: ReactNode): boolean {
  return node !== null && node !== undefined && node !== false;
}

export interface DataListProps<T> {
  rows: readonly T[];
  columns: ReadonlyArray<Column<T>>;
  rowKey(row: T): string;
  /** Each row's buttons, in a last column; a read-only list (e.g. the campaign history) has none. */
  actions?(row: T): ReactNode;
  actionsHeader?: string;
  label: string;
  onRowClick?(row: T): void;
}

/** Under 768 px: a card a row, the first column as its heading, the others as a list of terms. */
function DataCards<T>({ rows, columns, rowKey, actions, label, onRowClick }: DataListProps<T>) {
  const [first, ...rest] = columns;
  return (
    <ul aria-label={label} className="flex flex-col gap-3" data-testid="data-cards">
      {rows.map((row) => (
        <li key={rowKey(row)} {...rowAttributes(row, rowKey, onRowClick, 'rounded-lg border bg-card p-4 shadow-sm')}>
          <div className="min-w-0 font-medium">{first!.cell(row)}</div>
          <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
            {rest.map((column) => (
              <div key={column.header} className={cn('min-w-0', column.wide && 'col-span-2')}>
                <dt className="text-xs text-muted-foreground">{column.header}</dt>
                <dd className={column.wide ? undefined : 'truncate'}>{column.cell(row)}</dd>
              </div>
            ))}
          </dl>
          {/* A row without actions (e.g. a message already read) ends with its fields. */}
          {actions && hasActions(actions(row)) && <div className="mt-3 flex flex-wrap justify-end gap-1 border-t pt-3">{actions(row)}</div>}
        </li>
      ))}
    </ul>
  );
}

/** On a wide screen: a table, the actions in its last column. */
function DataTable<T>({ rows, columns, rowKey, actions, actionsHeader, label, onRowClick }: DataListProps<T>) {
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
            {actions && (
              <th scope="col" className="px-4 py-3 text-right font-medium">
                {actionsHeader}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} {...rowAttributes(row, rowKey, onRowClick, 'border-b last:border-0 hover:bg-muted/30')}>
              {columns.map((column, index) => (
                <td
                  key={column.header}
                  className={cn('px-4 py-3 align-middle', column.numeric && 'text-right tabular-nums', index === 0 && 'font-medium', column.className)}
                >
                  {column.cell(row)}
                </td>
              ))}
              {actions && (
                <td className="px-4 py-2 text-right whitespace-nowrap">
                  <div className="inline-flex gap-1">{actions(row)}</div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A table on a wide screen, cards under 768 px (spec §9 breakpoint, the admin shell's own):
 * one DOM, never both. The first column is the card's heading; `actions` end each row/card.
 */
export function DataList<T>(props: DataListProps<T>) {
  const { isMobile } = useSidebar();
  return isMobile ? <DataCards {...props} /> : <DataTable {...props} />;
}

/** A cell's text cut to its room (`className`: truncated or clamped), whole on hover. */
export function ClippedText({ text, className }: { text: string; className: string }) {
  return (
    <span className={className} title={text}>
      {text}
    </span>
  );
}

/** Empty state of a list: the screen's sentence (e.g. 'Aucune vidéo trouvée'). */
export function EmptyState({ icon, text, children }: { icon: ReactNode; text: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card px-4 py-12 text-center">
      <div className="text-muted-foreground [&_svg]:size-10">{icon}</div>
      <p className="font-medium">{text}</p>
      {children}
    </div>
  );
}

/** A filtered list's empty state: its words, and 'Réinitialiser les filtres' when a filter hides rows. */
export function FilteredEmptyState({ icon, text, filtered, resetLabel, onReset }: { icon: ReactNode; text: string; filtered: boolean; resetLabel: string; onReset(): void }) {
  return (
    <EmptyState icon={icon} text={text}>
      {filtered && (
        <Button variant="outline" onClick={onReset}>
          {resetLabel}
        </Button>
      )}
    </EmptyState>
  );
}
