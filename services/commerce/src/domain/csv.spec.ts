import { toCsv } from './csv';

describe('orders CSV', () => {
  it('starts with a BOM, quotes what needs it, ends lines with CRLF and defuses formulas', () => {
    const csv = toCsv(['Contenu', 'Montant (FCFA)'], [['=HYPERLINK("x")', 2356], ['Thé, miel', null]]);
    expect(csv).toBe('\uFEFFContenu,Montant (FCFA)\r\n"\'=HYPERLINK(""x"")",2356\r\n"Thé, miel",\r\n');
  });
});
