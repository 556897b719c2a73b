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

export function currentYear(): number {
  return new Date().getFullYear();
}
