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

/**
 * The administrators' CSV exports (catalogue's videos and PDFs, commerce's orders): one format so
 * every export opens the same way in Excel.
 * CSV text with a header row, RFC 4180 quoting (commas, quotes, newlines), CRLF line ends, BOM first.
 */
export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cells = rows.map((row) => row.map((c) => (c === null || c === undefined ? '' : typeof c === 'number' ? String(c) : neutralizeFormula(c))));
  return UTF8_BOM + stringify([header, ...cells], { record_delimiter: 'windows', quoted_match: /[",\r\n;]/ });
}
