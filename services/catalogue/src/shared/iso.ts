/** ISO 8601 (UTC); null in, null out, so nullable date fields stay nullable and required ones stay strings. */
export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** The calendar day (YYYY-MM-DD) `at` falls on in `timeZone` (Sweden's format is ISO 8601's). */
export function dayIn(timeZone: string, at: Date = new Date()): string {
  return at.toLocaleDateString('sv-SE', { timeZone });
}

/**
 * True for a real calendar day (YYYY-MM-DD) that has begun somewhere: not after today in the
 * earliest time zone (UTC+14), so "today" is accepted wherever the administrator is.
 */
export function isPastOrCurrentDay(day: string, now: Date = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day && day >= '1900-01-01' && day <= dayIn('Pacific/Kiritimati', now);
}
