/** ISO 8601 (UTC); null in, null out, so nullable date fields stay nullable and required ones stay strings. */
export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}
