/**
 * Operator health, without I/O: how an attempt counts, when a provider is degraded, and the hours
 * of the back-office's chart. The figures come from commerce's own payment_attempts (store.ts).
 */
import type { PaymentHealthConfig } from '../config';
import type { MobileOperator } from '../entities';
import type { ProviderName } from '../providers';
import { OWN_REASONS } from '../shared/messages';

/**
 * How one attempt counts (store.ts turns each row into one of these, in SQL):
 * - completed: paid; its time from the push (the charge sent, or sent again) to the approval we learnt counts;
 * - failed: the provider said no (refused, declined, insufficient funds...), or said so after we timed it out;
 * - unknown: a timeout, ours or the provider's ("expired", "not approved in time"), without the
 *   provider's final word, and a charge the provider never received: never a failure until it answers;
 * - pending: still waiting; canceled: the customer gave up, or it was superseded: neither.
 */
export type HealthOutcome = 'completed' | 'failed' | 'unknown' | 'pending' | 'canceled';

/** Our own failure codes: the attempt ended without the provider's answer about a payment (unknown, not failed). */
export const NOT_THE_PROVIDERS_ANSWER: readonly string[] = [OWN_REASONS.chargeNotSent, OWN_REASONS.windowPassed];

export type HealthStatus = 'OK' | 'SLOW' | 'FAILING' | 'UNKNOWN';

/** One group of attempts (a provider, a provider's operator, an hour) counted by outcome, with approval times. */
export interface HealthCounts {
  completed: number;
  failed: number;
  unknown: number;
  pending: number;
  canceled: number;
  /** Seconds from push to approval of the completed ones; null when none. */
  medianApprovalSeconds: number | null;
  p90ApprovalSeconds: number | null;
}

export const NO_ATTEMPTS: Readonly<HealthCounts> = { completed: 0, failed: 0, unknown: 0, pending: 0, canceled: 0, medianApprovalSeconds: null, p90ApprovalSeconds: null };

/** Settled attempts: those the provider gave a final answer about (paid or not). Timeouts are not in it. */
export function settledCount(c: HealthCounts): number {
  return c.completed + c.failed;
}

/** Paid / settled, 0 to 1; null when nothing settled. */
export function successRate(c: HealthCounts): number | null {
  const settled = settledCount(c);
  return settled ? c.completed / settled : null;
}

/**
 * The degraded rule, the one place it is decided: FAILING when fewer than `failingBelowPercent` %
 * of at least `minSettled` settled attempts were paid; else SLOW when the median time to approval
 * of at least `minApprovals` paid attempts is above `slowMedianSeconds`; else OK when either
 * figure had enough attempts to say, UNKNOWN when neither had.
 */
export function healthStatus(c: HealthCounts, rule: Pick<PaymentHealthConfig, 'minSettled' | 'failingBelowPercent' | 'minApprovals' | 'slowMedianSeconds'>): HealthStatus {
  const settled = settledCount(c);
  const rateKnown = settled >= rule.minSettled;
  const speedKnown = c.completed >= rule.minApprovals && c.medianApprovalSeconds !== null;
  if (rateKnown && (c.completed / settled) * 100 < rule.failingBelowPercent) return 'FAILING';
  if (speedKnown && c.medianApprovalSeconds! > rule.slowMedianSeconds) return 'SLOW';
  return rateKnown || speedKnown ? 'OK' : 'UNKNOWN';
}

/** A provider's figures over the window: all its attempts, and per operator where it routes to several (NotchPay). */
export interface ProviderCounts {
  provider: ProviderName;
  all: HealthCounts;
  operators: Array<{ operator: MobileOperator; counts: HealthCounts }>;
}

/** Hours since the epoch of `at` (the chart's buckets, whole UTC hours: Cameroon is UTC+1). */
export function hourIndex(at: Date): number {
  return Math.floor(at.getTime() / 3_600_000);
}

/** The `hours` whole hours up to the one of `now` (included), oldest first, as hour indexes. */
export function lastHours(now: Date, hours: number): number[] {
  const current = hourIndex(now);
  return Array.from({ length: hours }, (_, i) => current - hours + 1 + i);
}
