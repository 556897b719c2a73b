/**
 * A JSON.stringify replacer that writes every object's keys sorted: the same data gives the same
 * text whichever order it was built in.
 */
export function sortedKeys(_key: string, value: unknown): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    : value;
}
