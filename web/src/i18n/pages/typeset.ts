/**
 * French typography for the static pages: a no-break space before ? ! : ; » and after «, so a
 * narrow phone screen never starts a line with a lone '?' or ':'. The texts stay typed with plain
 * spaces (readable, greppable); this runs once when a content module loads.
 */
const NBSP = '\u00a0';

export function typesetText(text: string): string {
  return text.replace(/ ([?!:;»])/g, `${NBSP}$1`).replace(/« /g, `«${NBSP}`);
}

export function typeset<T>(value: T): T {
  if (typeof value === 'string') return typesetText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => typeset(item)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeset(item)])) as T;
  }
  return value;
}
