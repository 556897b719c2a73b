// A relative path: the unit specs run without the '@/' alias.
import { foldText } from '../../lib/fold-text';

/** Letters and digits only, one space between words, a space at each end: whole words are found by `includes`. */
function wordsOf(text: string): string {
  return ` ${foldText(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
}

/**
 * The words and phrases of `claimWords` (as the administrator wrote them, in their order, once each)
 * that `texts` use, case and accents ignored, as whole words: « guérit » finds « GUERIT » and
 * « Il guérit. », not « guérite »; « élimine le cancer » finds « l'élimine le  cancer » across a line
 * break, not « éliminent le cancer » (the list holds each form to watch). The material of a
 * warning, never of a refusal.
 */
export function findHealthClaims(texts: readonly string[], claimWords: readonly string[]): string[] {
  const haystack = texts.map(wordsOf).join(' ');
  const found: string[] = [];
  const seen = new Set<string>();
  for (const word of claimWords) {
    const needle = wordsOf(word);
    if (needle.trim() === '' || seen.has(needle)) continue;
    seen.add(needle);
    if (haystack.includes(needle)) found.push(word.trim());
  }
  return found;
}
