/**
 * Reads an export the way a French-locale Excel or LibreOffice opens it, written apart from the kit's
 * writer (no csv library), so that a test of an export checks the file, not the writer against itself:
 *
 * - the bytes are UTF-8 only when they start with a BOM (otherwise Excel reads Windows-1252);
 * - cells are split on `;` (a French Excel's list separator; a comma-separated file is one column);
 * - a cell starting with `"` is quoted: `""` is a quote, `;` and line breaks inside are content;
 * - records end at CRLF (a bare LF inside a quoted cell is a line break of the cell).
 *
 * It refuses a file that one of them would open differently: no BOM, a row whose cell count differs
 * from the header's, a stray quote inside an unquoted cell, an unterminated quoted cell.
 */
export function readSpreadsheetCsv(bytes: Buffer | string): { header: string[]; rows: string[][]; records: Array<Record<string, string>> } {
  const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
  if (!(buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)) throw new Error('no UTF-8 BOM: Excel would read the file as Windows-1252');
  const text = buffer.subarray(3).toString('utf8');
  const table: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let cell = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error(`unterminated quoted cell in row ${table.length + 1}`);
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        cell += text[i++];
      }
      if (i < text.length && text[i] !== ';' && !text.startsWith('\r\n', i)) throw new Error(`text after a closing quote in row ${table.length + 1}`);
    } else {
      while (i < text.length && text[i] !== ';' && !text.startsWith('\r\n', i)) {
        if (text[i] === '"') throw new Error(`a quote inside an unquoted cell in row ${table.length + 1}`);
        if (text[i] === '\n' || text[i] === '\r') throw new Error(`a bare line break in row ${table.length + 1} (records end with CRLF)`);
        cell += text[i++];
      }
    }
    row.push(cell);
    if (text[i] === ';') {
      i++;
      if (i === text.length) row.push('');
    } else {
      table.push(row);
      row = [];
      if (text.startsWith('\r\n', i)) i += 2;
    }
  }
  if (row.length) table.push(row);
  const [header, ...rows] = table;
  if (!header) throw new Error('empty file');
  rows.forEach((r, n) => {
    if (r.length !== header.length) throw new Error(`row ${n + 2} has ${r.length} cells, the header ${header.length}`);
  });
  return { header, rows, records: rows.map((r) => Object.fromEntries(header.map((h, k) => [h, r[k]!]))) };
}

/** The one date format of the exports: `JJ/MM/AAAA HH:MM`, in the site's time zone. */
export const SPREADSHEET_DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/;

/**
 * What a spreadsheet makes of a cell's text: a formula when it starts with = + - @ and is not a
 * plain number (a number with an optional sign, or a phone number); text otherwise. An apostrophe
 * first shows as a character in the cell of a CSV file, which is why ordinary values must not carry one.
 */
export function spreadsheetReadsAsFormula(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(?: \d+)*(?:[.,]\d+)?$/.test(cell);
}
