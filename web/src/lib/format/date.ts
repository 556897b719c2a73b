const short = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const long = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric' });

function toDate(value: string | number | Date): Date {
  return value instanceof Date ? value : new Date(value);
}

/** "05/03/2025" */
export function formatDate(value: string | number | Date): string {
  return short.format(toDate(value));
}

/** "5 mars 2025" */
export function formatLongDate(value: string | number | Date): string {
  return long.format(toDate(value));
}

/** The site's time zone: receipts and dates that must read the same wherever the reader is. */
export const SITE_TIME_ZONE = 'Africa/Douala';

const siteDay = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE });
const siteTime = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', hour12: false, timeZoneName: 'short', timeZone: SITE_TIME_ZONE });

/** "23 novembre 2026 à 19:05 (UTC+1)": in the site's time zone, named (as the receipt mail's PDF writes it). */
export function formatSiteDateTime(value: string | number | Date): string {
  const d = toDate(value);
  const parts = siteTime.formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${siteDay.format(d)} à ${part('hour')}:${part('minute')} (${part('timeZoneName')})`;
}

/**
 * A calendar day ('YYYY-MM-DD', already a day of the site) as an instant inside that day there:
 * noon UTC is 13:00 in Douala (UTC+1, no daylight saving), never the day before or after.
 */
export function siteDayInstant(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const date = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '23 novembre 2025' from '2025-11-23', whatever the reader's time zone; anything not a day as it came. */
export function formatFullDay(day: string): string {
  const date = siteDayInstant(day);
  return date ? siteDay.format(date) : day;
}

export function currentYear(): number {
  return new Date().getFullYear();
}
