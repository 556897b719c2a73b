/**
 * How the statistics read in French: days of the site's time zone ('23 nov.'), percentages with a
 * decimal comma, durations in minutes and seconds, and the dashboard's 'Croissance'.
 */

import { SITE_TIME_ZONE, siteDayInstant as siteDay } from '../../lib/format/date';

export { formatFullDay } from '../../lib/format/date';

// Analytics cuts its days in the site's time zone (SITE_TIMEZONE), the one the web formats them in.
const shortDay = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: SITE_TIME_ZONE });
const longDay = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: SITE_TIME_ZONE });
const oneDecimal = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 1 });
const compact = new Intl.NumberFormat('fr-FR', { notation: 'compact', maximumFractionDigits: 1 });

/** '23 nov.' (axis ticks). */
export function formatShortDay(day: string): string {
  const date = siteDay(day);
  return date ? shortDay.format(date) : day;
}

/** 'dimanche 23 novembre 2025' (tooltips). */
export function formatLongDay(day: string): string {
  const date = siteDay(day);
  return date ? longDay.format(date) : day;
}

/** '12,5 %' (French: decimal comma, a narrow no-break space before the sign). */
export function formatPercent(value: number): string {
  return `${oneDecimal.format(value)}\u202f%`;
}

/** '2,4' */
export function formatDecimal(value: number): string {
  return oneDecimal.format(value);
}

/** '1,2 k' on a chart's axis, where room is short. */
export function formatCompact(value: number): string {
  return compact.format(value);
}

/** '2 min 05 s', '45 s', '1 h 03 min' for an average visit. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s).padStart(2, '0')} s`;
  return `${s} s`;
}

/** Spec 'Admin dashboard': purchases / max(users, 1) × 100, rounded, with a plus sign ('+42 %'). */
export function formatGrowth(purchases: number, users: number): string {
  return `+${Math.round((purchases / Math.max(users, 1)) * 100)}\u202f%`;
}
