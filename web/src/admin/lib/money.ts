/**
 * Commerce amounts as the server gives them (whole FCFA, US cents): shown one currency at a time,
 * FCFA on screen and the dollar price in a tooltip (issue 7: never both side by side).
 */
const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const dateTime = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
const time = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** "2 355 FCFA" */
export function formatXaf(xaf: number): string {
  return `${fcfa.format(xaf)} FCFA`;
}

/** "$3.59" (spec §9: dollar sign, 2 decimals). */
export function formatUsdCents(usdCents: number): string {
  return `$${(usdCents / 100).toFixed(2)}`;
}

/** "05/03/2026 14:07" */
export function formatDateTime(value: string): string {
  return dateTime.format(new Date(value));
}

/** "05/03 14:07:31", for the provider exchanges a few seconds apart. */
export function formatTime(value: string): string {
  return time.format(new Date(value));
}
