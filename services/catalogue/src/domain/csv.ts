import { stringify } from 'csv-stringify/sync';

/** Byte order mark: without it Excel reads UTF-8 as Windows-1252 and mangles every accent. */
export const UTF8_BOM = '\uFEFF';

/**
 * Cells starting with = + - @ (or a tab / carriage return) are formulas to a spreadsheet; a leading
 * apostrophe makes them text, so an exported title can never run code in the administrator's Excel.
 */
export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null | undefined;

/** CSV text with a header row, RFC 4180 quoting (commas, quotes, newlines), CRLF line ends, BOM first. */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cells = rows.map((row) => row.map((c) => (c === null || c === undefined ? '' : typeof c === 'number' ? String(c) : neutralizeFormula(c))));
  return UTF8_BOM + stringify([header, ...cells], { record_delimiter: 'windows', quoted_match: /[",\r\n;]/ });
}

/** 930 -> "15:30", null -> "N/A" (as the admin table shows durations). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return 'N/A';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
