/**
 * Accent- and case-insensitive search without the `unaccent` extension (the service role may not
 * create extensions): the app stores a normalised copy of the searchable text beside each row and
 * normalises the query the same way.
 */
export function normalizeText(value: string): string {
  return value
    .replace(/œ/g, 'oe')
    .replace(/Œ/g, 'OE')
    .replace(/æ/g, 'ae')
    .replace(/Æ/g, 'AE')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘`´]/g, "'")
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** The stored search column: every searchable field, normalised, on one line. */
export function searchDocument(...fields: Array<string | null | undefined>): string {
  return normalizeText(fields.filter(Boolean).join(' '));
}

/** Words of a query (normalised); a row matches when it contains every one of them. */
export function searchTerms(query: string | null | undefined): string[] {
  if (!query) return [];
  return normalizeText(query)
    .split(' ')
    .filter((t) => t.length > 0)
    .slice(0, 10);
}

/** A download name from a title: "Guide des plantes médicinales" -> "Guide des plantes médicinales.pdf", minus characters file systems refuse. */
export function safeFileNameFromTitle(title: string, ext: string): string {
  const base =
    [...title]
      .map((ch) => (ch.charCodeAt(0) < 0x20 || '\\/:*?"<>|'.includes(ch) ? ' ' : ch))
      .join('')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'document';
  return `${base}.${ext}`;
}
