const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
const whole = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** One decimal below 10, whole from 10 (what a phone's data counter shows): 4,2 · 12. */
function amount(value: number): string {
  return (value < 9.95 ? oneDecimal : whole).format(value);
}

/**
 * A quantity of data as people read it on their phone plan: megabytes (10^6 bytes, « Mo ») with one
 * decimal under 10 Mo, gigabytes (« Go ») from 1 000 Mo: '4,2 Mo', '12 Mo', '1,3 Go'. Nothing is
 * '0 Mo'; a few bytes are '0,1 Mo' (rounded up: never read as free).
 */
export function formatDataSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Mo';
  const mo = Math.max(bytes / 1e6, 0.1);
  if (mo < 999.5) return `${amount(mo)} Mo`;
  return `${amount(mo / 1000)} Go`;
}
