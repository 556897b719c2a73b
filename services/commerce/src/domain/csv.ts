import { stringify } from 'csv-stringify/sync';

/**
 * The orders export, as catalogue writes its CSV (services/catalogue/src/domain/csv.ts; a candidate
 * for the kit): BOM first so that Excel reads UTF-8, RFC 4180 quoting, CRLF, and cells that a
 * spreadsheet would run as formulas (= + - @, tab, CR) made text with a leading apostrophe.
 */
export const UTF8_BOM = '\uFEFF';

export function neutralizeFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type CsvCell = string | number | null | undefined;

export function toCsv(header: string[], rows: CsvCell[][]): string {
  const cells = rows.map((row) => row.map((c) => (c === null || c === undefined ? '' : typeof c === 'number' ? String(c) : neutralizeFormula(c))));
  return UTF8_BOM + stringify([header, ...cells], { record_delimiter: 'windows', quoted_match: /[",\r\n;]/ });
}
