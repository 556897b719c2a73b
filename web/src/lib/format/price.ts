/** Spec §9: 656 FCFA per USD; FCFA rounded to whole numbers in French format, USD with 2 decimals. */
export const FCFA_PER_USD = 656;

export type Currency = 'USD' | 'FCFA';

const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** "$3.59" — the spec shows dollar prices with a leading sign and a decimal point. */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

/** "2 355 FCFA" */
export function formatFcfa(amountUsd: number): string {
  return `${fcfa.format(Math.round(amountUsd * FCFA_PER_USD))} FCFA`;
}

export function formatPrice(amountUsd: number, currency: Currency): string {
  return currency === 'USD' ? formatUsd(amountUsd) : formatFcfa(amountUsd);
}
