import { stringify } from 'csv-stringify/sync';

/** Byte order mark: without it Excel reads UTF-8 as Windows-1252 and mangles every accent. */
export const UTF8_BOM = '\uFEFF';

/**
 * The separator. A French-locale Excel splits a CSV file on its list separator, the semicolon
 * (its decimal separator is the comma), and reads a comma-separated file as one column;
 * LibreOffice proposes the semicolon too. Decimals are written with a comma accordingly.
 */
export const CSV_SEPARATOR = ';';

/** The site's time zone when a deployment names none (SITE_TIMEZONE): Cameroon, UTC+1 all year. */
export const DEFAULT_SITE_TIMEZONE = 'Africa/Douala';

/**
 * A value that is a number or a phone number and nothing else: an optional sign, digits, spaces
 * between digit groups, one decimal point or comma. Such a value cannot be a formula (a spreadsheet
 * computes at most the number it is), so it is written as it is, `+237690000001` included.
 */
const PLAIN_NUMBER = /^[+-]?\d+(?: \d+)*(?:[.,]\d+)?$/;

/**
 * Cells starting with = + - @ (or a tab / carriage return) are formulas to a spreadsheet; a leading
 * apostrophe makes them text, so an exported title can never run code in the administrator's Excel.
 * Plain numbers and phone numbers are left alone: they are not formulas, and a visible apostrophe
 * on every phone number of a file is what an ordinary reader would see.
 */
export function neutralizeFormula(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/** `JJ/MM/AAAA HH:MM` in `timeZone`: the one date format of every export, which Excel and LibreOffice (French) read as a date and time. */
export function csvDateTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A number as a French spreadsheet reads one: integers as they are, a decimal comma, no grouping. */
export function csvNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  return String(value).replace('.', ',');
}

/** A cell: text, a number (amounts, counts), a date-time (written in the site's time zone), or nothing. */
export type CsvCell = string | number | Date | null | undefined;

export interface CsvOptions {
  /** IANA zone the dates are written in: the site's (SITE_TIMEZONE). */
  timeZone: string;
}

/**
 * Every CSV export of the back-office (users, orders, videos, PDFs, newsletter subscribers) goes
 * through here, so each opens the same way in a French Excel and in LibreOffice: UTF-8 with a BOM,
 * `;` between cells, RFC 4180 quoting (a cell holding `;`, `"`, a line break or edge spaces is
 * quoted, quotes doubled), CRLF line ends, dates as `JJ/MM/AAAA HH:MM` in the site's time zone,
 * decimal commas, and formulas made text without marking ordinary values.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[], options: CsvOptions): string {
  const cell = (c: CsvCell): string => {
    if (c === null || c === undefined) return '';
    if (typeof c === 'number') return csvNumber(c);
    if (c instanceof Date) return csvDateTime(c, options.timeZone);
    return neutralizeFormula(c);
  };
  const cells = rows.map((row) => {
    if (row.length !== header.length) throw new Error(`CSV row of ${row.length} cells under a header of ${header.length}`);
    return row.map(cell);
  });
  return (
    UTF8_BOM +
    stringify([[...header], ...cells], { delimiter: CSV_SEPARATOR, record_delimiter: 'windows', quoted_match: /[";\r\n]|^\s|\s$/ })
  );
}
