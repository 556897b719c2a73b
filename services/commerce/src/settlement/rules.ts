/** Receipt numbers: LBF-YYYY-000123, sequential per year (a counter row per year, bumped in the completing transaction). */

export const RECEIPT_TIMEZONE = 'Africa/Douala';

/** The calendar year of `at` in Cameroon (a payment at 23:30 UTC on 31 December is already next year there). */
export function receiptYear(at: Date, timeZone = RECEIPT_TIMEZONE): number {
  return Number(new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric' }).format(at));
}

export function formatReceiptNumber(year: number, sequence: number): string {
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`receipt sequence must be a positive integer, got ${sequence}`);
  return `LBF-${year}-${String(sequence).padStart(6, '0')}`;
}

export function parseReceiptNumber(receipt: string): { year: number; sequence: number } | null {
  const m = /^LBF-(\d{4})-(\d{6,})$/.exec(receipt);
  return m ? { year: Number(m[1]), sequence: Number(m[2]) } : null;
}

/** A payer message MoMo accepts: no & or ', at most 160 characters, never empty. */
export function paymentDescription(title: string): string {
  const clean = `LBF ${title}`.replace(/[&'’"<>]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.slice(0, 160);
}

/** Since when a charge of an attempt may still be on its way to the provider (committed, or sent again). */
export function chargeStartedAt(attempt: { createdAt: Date; chargeResentAt: Date | null }): number {
  return Math.max(attempt.createdAt.getTime(), attempt.chargeResentAt?.getTime() ?? 0);
}
