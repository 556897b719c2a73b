import escape from 'escape-html';

/** Text made safe to place in HTML (element content and quoted attribute values): escape-html's five characters. */
export function escapeHtml(value: string | number | null | undefined): string {
  return escape(String(value ?? ''));
}

/** Plain text as HTML paragraphs: escaped, blank lines split paragraphs, single newlines become <br>. */
export function textToHtml(text: string, style = 'margin:0 0 16px 0;'): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="${style}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
}

/** Every line of `text` prefixed with '> ' (a quoted message in the text part). */
export function quoteText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((l) => (l ? `> ${l}` : '>'))
    .join('\n');
}
