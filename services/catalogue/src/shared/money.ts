/** Prices are money: integer cents of one currency, never floats. */
export const CURRENCY = 'USD' as const;
export type Currency = typeof CURRENCY;

/** The spec's stored prices: videos $3.59, PDF guides $1.00. */
export const DEFAULT_VIDEO_PRICE_CENTS = 359;
export const DEFAULT_PDF_PRICE_CENTS = 100;
/** A ceiling that catches a typo (359 typed as dollars) without getting in the way. */
export const MAX_PRICE_CENTS = 1_000_000;

/**
 * Reads a decimal amount typed by an administrator ("3.59", "3,59", "12", "0.5") into cents,
 * digit by digit so 0.1 + 0.2 never happens. Returns null for anything else (negative, 3 decimals, text).
 */
export function parsePriceToCents(input: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(input);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** 359 -> "3.59". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
