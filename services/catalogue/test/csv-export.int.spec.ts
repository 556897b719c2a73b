import { readSpreadsheetCsv, SPREADSHEET_DATE_TIME, spreadsheetReadsAsFormula, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());

describe('CSV exports, read as a French Excel or LibreOffice opens them', () => {
  it('exports the videos: semicolons, quoted cells, decimal commas, dates in the site time zone, formulas as text', async () => {
    await t.insertVideo({
      title: 'Tisanes; infusions et "remèdes"',
      description: 'Première ligne\nSeconde ligne, avec virgule',
      category: 'wellbeing',
      priceCents: 359,
      durationSeconds: 930,
      presenterName: 'Dr Aminata Diallo',
      viewCount: 12,
      createdAt: new Date('2026-11-20T08:00:00Z'),
    });
    await t.insertVideo({ title: '=Santé du cœur', category: 'health', priceCents: 1000, durationSeconds: null, createdAt: new Date('2026-11-19T23:30:00Z') });

    const res = await t.asAdmin<{ exportVideosCsv: string }>(`{ exportVideosCsv }`);
    const sheet = readSpreadsheetCsv(res.data!.exportVideosCsv);
    expect(sheet.header).toEqual(['Titre', 'Description', 'Catégorie', 'Prix (USD)', 'Durée', 'Vues', 'Téléchargements', 'Présentateur', 'Date de création']);
    expect(sheet.rows).toEqual([
      // 08:00 UTC is 09:00 in Douala; 23:30 UTC is 00:30 the next day.
      ['Tisanes; infusions et "remèdes"', 'Première ligne\nSeconde ligne, avec virgule', 'Bien-être', '3,59', '15:30', '12', '0', 'Dr Aminata Diallo', '20/11/2026 09:00'],
      ["'=Santé du cœur", '', 'Santé', '10', 'N/A', '0', '0', '', '20/11/2026 00:30'],
    ]);
    for (const r of sheet.records) expect(r['Date de création']).toMatch(SPREADSHEET_DATE_TIME);
    for (const cell of sheet.rows.flat()) expect(spreadsheetReadsAsFormula(cell)).toBe(false);
  });

  it('exports the PDFs with their size in MB and page count, decimals with a comma', async () => {
    const pdfId = randomUUID();
    await t.sql.query(
      `INSERT INTO catalogue.pdfs (id, title, description, category, price_cents, file_key, file_size, page_count, rating, download_count, search_text, title_key, created_at, published_at, updated_at)
       VALUES ($1, 'Guide "sommeil", édition 2', 'Dormir mieux', 'sleep', 100, 'k.pdf', 1572864, 12, NULL, 3, 'x', 'x', '2026-11-18T10:00:00Z', now(), now())`,
      [pdfId],
    );
    // « Note » is its buyers' reviews' average: 4 and 5 stars, and a hidden 1 left out.
    for (const [rating, hidden] of [[4, false], [5, false], [1, true]] as const) {
      await t.sql.query(
        `INSERT INTO catalogue.reviews (id, item_id, item_type, user_id, reviewer_name, rating, body, search_text, created_at, updated_at, hidden_at, hidden_reason)
         VALUES ($1, $2, 'pdf', $3, 'Awa D.', $4, '', '', now(), now(), $5, $6)`,
        [randomUUID(), pdfId, randomUUID(), rating, hidden ? new Date() : null, hidden ? 'Hors sujet' : null],
      );
    }
    const res = await t.asAdmin<{ exportPdfsCsv: string }>(`{ exportPdfsCsv }`);
    const sheet = readSpreadsheetCsv(res.data!.exportPdfsCsv);
    expect(sheet.header).toEqual(['Titre', 'Description', 'Catégorie', 'Prix (USD)', 'Pages', 'Taille (MB)', 'Note', 'Téléchargements', 'Date de création']);
    expect(sheet.rows).toEqual([['Guide "sommeil", édition 2', 'Dormir mieux', 'Sommeil', '1', '12', '1,5', '4,5', '3', '18/11/2026 11:00']]);
  });
});
