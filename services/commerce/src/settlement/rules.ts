import type { PaymentAttempt } from '../entities';
import type { ProviderOutcome } from '../providers';
import { OWN_REASONS } from '../shared/messages';

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

const OWN_REASON_CODES: ReadonlySet<string> = new Set(Object.values(OWN_REASONS));

/**
 * The provider's final word on an attempt we had ended ourselves when its window passed without it
 * (WINDOW_PASSED): kept as `late_answer` so that operator health counts the timeout as unknown until
 * then, and as what the provider said after. The attempt and its order do not change (a late "paid"
 * is a completion, decided elsewhere); null when there is nothing to keep.
 */
export function lateAnswer(
  attempt: Pick<PaymentAttempt, 'status' | 'failureCode' | 'lateAnswer'>,
  answer: { outcome: ProviderOutcome; unanswered?: boolean; reasonCode?: string | null },
): PaymentAttempt['lateAnswer'] {
  // Not the provider's word: it could not be asked, or the end is ours (our expiry, a second time, carries WINDOW_PASSED).
  if (answer.unanswered || OWN_REASON_CODES.has(answer.reasonCode ?? '') || attempt.lateAnswer !== null) return null;
  if (attempt.status !== 'expired' || attempt.failureCode !== OWN_REASONS.windowPassed) return null;
  return answer.outcome === 'failed' || answer.outcome === 'canceled' || answer.outcome === 'expired' ? answer.outcome : null;
}
