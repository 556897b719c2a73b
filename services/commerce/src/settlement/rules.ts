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
