import { saleAlertId, saleAlertTitle, saleHref } from './rules';

describe('a sale in the bell', () => {
  it('reads « Nouvelle vente : <titre> — <montant> FCFA » and leads to the order on the payments page', () => {
    expect(saleAlertTitle(' Leçon 1 : les tisanes ', 3280)).toBe('Nouvelle vente : Leçon 1 : les tisanes — 3\u202f280 FCFA');
    expect(saleHref('7c0e2a4e-0000-4000-8000-000000000001')).toBe('/admin/payments?order=7c0e2a4e-0000-4000-8000-000000000001');
    expect(saleAlertId('abc')).toBe('sale:abc');
  });

  it('shortens a long title so the line stays within 200 characters, amount kept', () => {
    const line = saleAlertTitle('x'.repeat(400), 656);
    expect(line).toHaveLength(200);
    expect(line.endsWith('x… — 656 FCFA')).toBe(true);
  });
});
