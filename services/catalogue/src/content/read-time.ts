/** Reading speed used for an article's read time; a common figure for French prose on screen. */
export const WORDS_PER_MINUTE = 200;

/** Plain text of an HTML body: tags dropped, common entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&[a-z]+;|&#\d+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whole minutes to read the body, at least 1. */
export function readTimeMinutes(html: string): number {
  const words = htmlToText(html).split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}
