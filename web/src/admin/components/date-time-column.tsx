import type { Column } from './data-list';
import { formatDay, formatHour } from '../lib/money';

/** A list's date column: the day, and under it the hour (site time zone), never wrapped. */
export function dateTimeColumn<T>(header: string, at: (row: T) => string): Column<T> {
  return {
    header,
    cell: (row) => (
      <span className="whitespace-nowrap">
        {formatDay(at(row))}
        <span className="block text-xs font-normal text-muted-foreground">{formatHour(at(row))}</span>
      </span>
    ),
  };
}
