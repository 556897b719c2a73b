import { clampPage, clampPageSize, totalPages, userCsvRow } from './rules';

describe('the users table’s paging', () => {
  it('keeps pageSize within 1..100, 25 by default', () => {
    expect([clampPageSize(undefined), clampPageSize(null), clampPageSize(0), clampPageSize(-3), clampPageSize(40), clampPageSize(500)]).toEqual([25, 25, 1, 1, 40, 100]);
  });

  it('counts pages (at least one) and clamps the page into them', () => {
    expect([totalPages(0, 25), totalPages(25, 25), totalPages(26, 25)]).toEqual([1, 1, 2]);
    expect([clampPage(null, 60, 25), clampPage(0, 60, 25), clampPage(2, 60, 25), clampPage(9, 60, 25), clampPage(4, 0, 25)]).toEqual([1, 1, 2, 3, 1]);
  });
});

describe('a row of users-export.csv', () => {
  it('gives the sign-up’s instant, whole FCFA and the French status', () => {
    const row = { fullName: 'Awa Ndiaye', email: 'awa@example.cm', phone: null, createdAt: new Date('2024-12-31T23:30:00Z'), purchaseCount: 3, totalXaf: 7068, banned: true };
    expect(userCsvRow(row)).toEqual(['Awa Ndiaye', 'awa@example.cm', '', new Date('2024-12-31T23:30:00Z'), 3, 7068, 'Banni']);
    expect(userCsvRow({ ...row, banned: false })[6]).toBe('Actif');
  });
});
