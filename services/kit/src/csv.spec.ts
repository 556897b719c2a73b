import { toCsv, UTF8_BOM } from './csv';

describe('CSV export', () => {
  it('starts with a BOM so Excel shows accents', () => {
    const csv = toCsv(['Titre'], [['Santé et bien-être']]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv).toBe(`${UTF8_BOM}Titre\r\nSanté et bien-être\r\n`);
  });

  it('quotes commas, quotes and newlines', () => {
    const csv = toCsv(['Titre', 'Description'], [['Tisanes, infusions', 'Il a dit "bonjour"\npuis est parti']]);
    expect(csv).toBe(`${UTF8_BOM}Titre,Description\r\n"Tisanes, infusions","Il a dit ""bonjour""\nputs est parti"\r\n`.replace('puts', 'puis'));
  });

  it('turns spreadsheet formulas into text', () => {
    expect(toCsv(['T'], [['=HYPERLINK("http://mal.test")'], ['-2+3'], ['@SUM(A1)']])).toBe(
      `${UTF8_BOM}T\r\n"'=HYPERLINK(""http://mal.test"")"\r\n'-2+3\r\n'@SUM(A1)\r\n`,
    );
  });

  it('writes numbers as they are and missing values as empty cells', () => {
    expect(toCsv(['a', 'b', 'c'], [[-3, null, undefined]])).toBe(`${UTF8_BOM}a,b,c\r\n-3,,\r\n`);
  });

  it('defuses a formula among other cells and quotes cells with commas', () => {
    const csv = toCsv(['Contenu', 'Montant (FCFA)'], [['=HYPERLINK("x")', 2356], ['Thé, miel', null]]);
    expect(csv).toBe('\uFEFFContenu,Montant (FCFA)\r\n"\'=HYPERLINK(""x"")",2356\r\n"Thé, miel",\r\n');
  });
});
