/**
 * Text as searches and matches compare it: accents and case dropped ('Guérit' and 'GUERIT' are one),
 * 'œ' spelt 'oe', curly apostrophes made straight, runs of spaces made one, ends trimmed.
 */
export function foldText(text: string): string {
  const plain = text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
  return plain.replace(/œ/g, 'oe').replace(/[’‘]/g, "'").replace(/\s+/g, ' ').trim();
}
