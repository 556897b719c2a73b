import { normalizeText, safeFileNameFromTitle, searchDocument, searchTerms } from './search';

describe('search text normalisation', () => {
  it('ignores case and accents, as the catalogue search box does', () => {
    expect(normalizeText('Remèdes TRADITIONNELS à Base de Plantes')).toBe('remedes traditionnels a base de plantes');
    expect(normalizeText('Bien-être')).toBe('bien-etre');
    expect(normalizeText('Cœur et santé')).toBe('coeur et sante');
  });

  it('splits a query into words, each of which must match', () => {
    expect(searchTerms('  Sommeil   RÉPARATEUR ')).toEqual(['sommeil', 'reparateur']);
    expect(searchTerms('')).toEqual([]);
    expect(searchTerms(null)).toEqual([]);
  });

  it('stores title and description together', () => {
    expect(searchDocument('Titre Été', null, 'Déscription')).toBe('titre ete description');
  });
});

describe('download names', () => {
  it('keeps accents and spaces but drops characters file systems refuse', () => {
    expect(safeFileNameFromTitle('Guide des plantes médicinales', 'pdf')).toBe('Guide des plantes médicinales.pdf');
    expect(safeFileNameFromTitle('Sommeil: 1/2 "nuit"\n', 'mp4')).toBe('Sommeil 1 2 nuit.mp4');
    expect(safeFileNameFromTitle('???', 'pdf')).toBe('document.pdf');
  });
});
