/**
 * Commerce amounts as the server gives them (whole FCFA, US cents): shown one currency at a time,
 * FCFA on screen and the dollar price in a tooltip (issue 7: never both side by side).
 */
const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const day = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const hour = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });
const time = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "2 355 FCFA" */
export function formatXaf(xaf: number): string {
  return `${fcfa.format(xaf)} FCFA`;
}

/** "$3.59" (spec §9: dollar sign, 2 decimals). */
export function formatUsdCents(usdCents: number): string {
  return `$${(usdCents / 100).toFixed(2)}`;
}

/** A date the server sent that does not parse shows as a dash rather than breaking the screen. */
function formatWith(format: Intl.DateTimeFormat, value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : format.format(date);
}

/** "05/03/2026" */
export function formatDay(value: string): string {
  return formatWith(day, value);
}

/** "14:07" */
export function formatHour(value: string): string {
  return formatWith(hour, value);
}

/** "05/03/2026 14:07" */
export function formatDateTime(value: string): string {
  return formatWith(dateTime, value);
}

/** "05/03 14:07:31", for the provider exchanges a few seconds apart. */
export function formatTime(value: string): string {
  return formatWith(time, value);
}
