import { randomUUID } from 'node:crypto';
import { setupCatalogue, type CatalogueTestContext } from './support';

let t: CatalogueTestContext;

beforeAll(async () => {
  t = await setupCatalogue();
});

afterAll(async () => {
  await t?.teardown();
});

describe('CSV exports', () => {
  it('exports the videos as UTF-8 with a BOM, escaping commas, quotes and newlines', async () => {
    await t.insertVideo({
      title: 'Tisanes, infusions et "remèdes"',
      description: 'Première ligne\nSeconde ligne, avec virgule',
      category: 'wellbeing',
      priceCents: 359,
      durationSeconds: 930,
      presenterName: 'Dr Aminata Diallo',
      viewCount: 12,
      createdAt: new Date('2026-11-20T08:00:00Z'),
    });
    await t.insertVideo({ title: '=Santé du cœur', category: 'health', priceCents: 1000, durationSeconds: null, createdAt: new Date('2026-11-19T08:00:00Z') });

    const res = await t.asAdmin<{ exportVideosCsv: string }>(`{ exportVideosCsv }`);
    const csv = res.data!.exportVideosCsv;
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Titre,Description,Catégorie,Prix (USD),Durée,Vues,Téléchargements,Présentateur,Date de création',
      '"Tisanes, infusions et ""remèdes""","Première ligne\nSeconde ligne, avec virgule",Bien-être,3.59,15:30,12,0,Dr Aminata Diallo,2026-11-20T08:00:00.000Z',
      "'=Santé du cœur,,Santé,10.00,N/A,0,0,,2026-11-19T08:00:00.000Z",
      '',
    ]);
  });

  it('exports the PDFs with their size in MB and page count', async () => {
    await t.sql.query(
      `INSERT INTO catalogue.pdfs (id, title, description, category, price_cents, file_key, file_size, page_count, rating, download_count, search_text, title_key, created_at, published_at, updated_at)
       VALUES ($1, 'Guide "sommeil", édition 2', 'Dormir mieux', 'sleep', 100, 'k.pdf', 1572864, 12, 4.5, 3, 'x', 'x', '2026-11-18T10:00:00Z', now(), now())`,
      [randomUUID()],
    );
    const res = await t.asAdmin<{ exportPdfsCsv: string }>(`{ exportPdfsCsv }`);
    const csv = res.data!.exportPdfsCsv;
    expect(csv.startsWith('\uFEFFTitre,Description,Catégorie,Prix (USD),Pages,Taille (MB),Note,Téléchargements,Date de création\r\n')).toBe(true);
    expect(csv).toContain('"Guide ""sommeil"", édition 2",Dormir mieux,Sommeil,1.00,12,1.50,4.5,3,2026-11-18T10:00:00.000Z\r\n');
  });
});
