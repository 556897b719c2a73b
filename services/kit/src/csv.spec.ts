import { csvDateTime, toCsv, UTF8_BOM } from './csv';
import { readSpreadsheetCsv, spreadsheetReadsAsFormula, SPREADSHEET_DATE_TIME } from './testing/spreadsheet';

const DOUALA = { timeZone: 'Africa/Douala' };

describe('CSV export (French Excel and LibreOffice)', () => {
  it('starts with a BOM so Excel shows accents, separates cells with semicolons and ends lines with CRLF', () => {
    const csv = toCsv(['Titre', 'Vues'], [['Santé et bien-être', 12]], DOUALA);
    expect(csv).toBe(`${UTF8_BOM}Titre;Vues\r\nSanté et bien-être;12\r\n`);
  });

  it('quotes semicolons, quotes, line breaks and edge spaces, and leaves commas alone', () => {
    const csv = toCsv(['Titre', 'Description', 'Note'], [['Tisanes; infusions', 'Il a dit "bonjour"\npuis est parti', ' Thé, miel ']], DOUALA);
    expect(csv).toBe(`${UTF8_BOM}Titre;Description;Note\r\n"Tisanes; infusions";"Il a dit ""bonjour""\npuis est parti";" Thé, miel "\r\n`);
    expect(readSpreadsheetCsv(csv).rows).toEqual([['Tisanes; infusions', 'Il a dit "bonjour"\npuis est parti', ' Thé, miel ']]);
  });

  it('turns spreadsheet formulas into text', () => {
    const csv = toCsv(['T'], [['=HYPERLINK("http://mal.test")'], ['-2+3'], ['@SUM(A1)'], ['+cmd|calc'], ['\tx']], DOUALA);
    expect(csv).toBe(`${UTF8_BOM}T\r\n"'=HYPERLINK(""http://mal.test"")"\r\n'-2+3\r\n'@SUM(A1)\r\n'+cmd|calc\r\n'\tx\r\n`);
    for (const [cell] of readSpreadsheetCsv(csv).rows) expect(spreadsheetReadsAsFormula(cell!)).toBe(false);
  });

  it('writes phone numbers and signed numbers as they are: they are not formulas, and carry no visible mark', () => {
    const csv = toCsv(['Téléphone', 'Écart'], [['+237690000001', '-3'], ['+33 6 12 34 56 78', '+1,5']], DOUALA);
    expect(csv).toBe(`${UTF8_BOM}Téléphone;Écart\r\n+237690000001;-3\r\n+33 6 12 34 56 78;+1,5\r\n`);
    expect(csv).not.toContain("'");
  });

  it('writes numbers with a decimal comma and missing values as empty cells', () => {
    expect(toCsv(['a', 'b', 'c', 'd'], [[-3, 3.59, null, undefined]], DOUALA)).toBe(`${UTF8_BOM}a;b;c;d\r\n-3;3,59;;\r\n`);
  });

  it('writes every date as JJ/MM/AAAA HH:MM in the site time zone', () => {
    // 23:30 UTC is 00:30 the next day in Douala (UTC+1).
    const csv = toCsv(['Date'], [[new Date('2024-06-01T23:30:00Z')]], DOUALA);
    expect(csv).toBe(`${UTF8_BOM}Date\r\n02/06/2024 00:30\r\n`);
    expect(csvDateTime(new Date('2026-11-26T08:05:00Z'), 'Europe/Paris')).toBe('26/11/2026 09:05');
    expect(readSpreadsheetCsv(csv).rows[0]![0]).toMatch(SPREADSHEET_DATE_TIME);
  });

  it('refuses a row whose cell count is not the header’s', () => {
    expect(() => toCsv(['a', 'b'], [['x']], DOUALA)).toThrow(/1 cells under a header of 2/);
  });
});

describe('reading an export as a French spreadsheet does', () => {
  it('refuses a file without a BOM or with a ragged row, and splits only on semicolons', () => {
    expect(() => readSpreadsheetCsv('a;b\r\n1;2\r\n')).toThrow(/BOM/);
    expect(() => readSpreadsheetCsv(`${UTF8_BOM}a;b\r\n1,2\r\n`)).toThrow(/1 cells, the header 2/);
    expect(readSpreadsheetCsv(`${UTF8_BOM}a;b\r\n"x;""y""";\r\n`).records).toEqual([{ a: 'x;"y"', b: '' }]);
  });
});
