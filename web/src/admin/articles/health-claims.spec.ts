import { describe, expect, it } from '@jest/globals';
import { findHealthClaims } from './health-claims';

const WORDS = ['guérit', 'guérir', 'soigne', 'traite', 'remède miracle', 'élimine le cancer', 'cure'];

describe('findHealthClaims (the article editor’s warning)', () => {
  it('finds nothing in a text that informs', () => {
    expect(findHealthClaims(['Le kinkéliba', '<p>Une infusion douce, à boire tiède après le repas.</p>'], WORDS)).toEqual([]);
  });

  it('names each word found, as the administrator wrote it, in the list’s order and once', () => {
    const body = '<p>Ce REMÈDE MIRACLE guerit tout.</p><p>Il Guérit vraiment, et soigne.</p>';
    expect(findHealthClaims(['Un titre', body], WORDS)).toEqual(['guérit', 'soigne', 'remède miracle']);
  });

  it('ignores case and accents both ways', () => {
    expect(findHealthClaims(['ÉLIMINE LE CANCER'], ['elimine le cancer'])).toEqual(['elimine le cancer']);
    expect(findHealthClaims(['il guerit'], ['GUÉRIT'])).toEqual(['GUÉRIT']);
  });

  it('matches whole words and phrases only, across punctuation and line breaks', () => {
    expect(findHealthClaims(['Une guérite au bord de la route, une procure, un traitement.'], WORDS)).toEqual([]);
    expect(findHealthClaims(["L'infusion l'élimine le\ncancer ?"], WORDS)).toEqual(['élimine le cancer']);
    expect(findHealthClaims(['Une cure de fonio.'], WORDS)).toEqual(['cure']);
    expect(findHealthClaims(['Elle traite, la nuit.'], WORDS)).toEqual(['traite']);
  });

  it('looks in every text given (title, excerpt, body)', () => {
    expect(findHealthClaims(['Le moringa guérit', 'Un résumé', '<p>Rien.</p>'], WORDS)).toEqual(['guérit']);
    expect(findHealthClaims(['Titre', 'Ce thé soigne', ''], WORDS)).toEqual(['soigne']);
  });

  it('skips blank and repeated entries of the list, and an empty list finds nothing', () => {
    expect(findHealthClaims(['il guérit'], ['  ', 'guérit', 'GUERIT', ' guérit '])).toEqual(['guérit']);
    expect(findHealthClaims(['il guérit'], [])).toEqual([]);
  });
});
