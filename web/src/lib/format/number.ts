const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** A count in French format ("12 345"); '—' while the value is unknown. */
export function formatCount(value: number | null | undefined): string {
  return typeof value === 'number' && Number.isFinite(value) ? integer.format(value) : '—';
}
