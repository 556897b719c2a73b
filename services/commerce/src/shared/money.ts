/** Catalogue prices are USD cents; mobile money charges whole XAF (FCFA). */

/** USD cents -> whole FCFA at `xafPerUsd`, rounded UP to a whole franc (never charge less than the price). */
export function usdCentsToXaf(usdCents: number, xafPerUsd: number): number {
  if (!Number.isInteger(usdCents) || usdCents < 0) throw new RangeError(`usdCents must be a non-negative integer, got ${usdCents}`);
  if (!Number.isInteger(xafPerUsd) || xafPerUsd <= 0) throw new RangeError(`xafPerUsd must be a positive integer, got ${xafPerUsd}`);
  // Integer arithmetic: ceil(cents × rate / 100) without floating point.
  return Math.floor((usdCents * xafPerUsd + 99) / 100);
}

/** An amount in both currencies, as stored on an order. */
export interface Amount {
  usdCents: number;
  xaf: number;
}

export function amountOf(usdCents: number, xafPerUsd: number): Amount {
  return { usdCents, xaf: usdCentsToXaf(usdCents, xafPerUsd) };
}

/** '2 355 FCFA' as a French reader writes it (narrow no-break spaces replaced by plain spaces for CSV). */
export function formatXaf(xaf: number): string {
  return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 }).format(xaf).replace(/\s/g, ' ')} FCFA`;
}
