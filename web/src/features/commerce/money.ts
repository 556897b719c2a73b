/**
 * Amounts as customers see them, one currency at a time (spec §9): USD with two decimals ("$3.59"),
 * FCFA whole and French-formatted ("2 356 FCFA"). No imports: unit-tested as is.
 */
export type Currency = 'USD' | 'FCFA';

/**
 * Whole FCFA for a price in US cents, rounded up as commerce charges it (an amount shown is the
 * amount charged): 359 cents at 656 is 2 356 FCFA.
 */
export function centsToXaf(usdCents: number, xafPerUsd: number): number {
  return Math.ceil((usdCents * xafPerUsd) / 100);
}

const fcfa = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/** "2 356 FCFA", no-break spaces (Intl's narrow one made a plain no-break space) so it never wraps. */
export function formatXaf(xaf: number): string {
  return `${fcfa.format(xaf).replace(/\u202f/g, '\u00a0')}\u00a0FCFA`;
}

/** "$3.59" */
export function formatUsdCents(usdCents: number): string {
  return `$${(usdCents / 100).toFixed(2)}`;
}

/**
 * One amount in one currency. `xaf` is commerce's own figure when known (quote, order); otherwise
 * it is computed from the cents at the rate.
 */
export function formatAmount(amount: { usdCents: number; xaf?: number | null }, currency: Currency, xafPerUsd: number): string {
  if (currency === 'USD') return formatUsdCents(amount.usdCents);
  return formatXaf(amount.xaf ?? centsToXaf(amount.usdCents, xafPerUsd));
}

/** 4:05 or, past an hour (NotchPay's 3 h), 2:59:59. */
export function formatCountdown(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
