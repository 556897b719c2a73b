/** A provider's answer mapped onto our attempt statuses (providers/statuses.ts holds the mapping tables). */
export type ProviderOutcome = 'pending' | 'completed' | 'failed' | 'expired' | 'canceled';

/**
 * The attempt / order state machine, without I/O.
 *   order:   created -> pending -> completed | failed | expired | canceled;  completed -> refunded (admin only)
 *   attempt: pending -> completed | failed | expired | canceled
 * A completed order never goes back. A retry is a new attempt on the same order (from created,
 * failed, expired or canceled). A provider's "paid" always wins over our own "expired"/"canceled"
 * (the money was taken: the order completes); a late "failed" after "completed" is ignored.
 */
export type AttemptStatus = 'pending' | 'completed' | 'failed' | 'expired' | 'canceled';
export type OrderStatus = 'created' | 'pending' | 'completed' | 'failed' | 'expired' | 'canceled' | 'refunded';

export const ATTEMPT_FINAL: readonly AttemptStatus[] = ['completed', 'failed', 'expired', 'canceled'];
/** Orders a customer may (re)try to pay: they own no live attempt and are not paid. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ['created', 'pending', 'failed', 'expired', 'canceled'];
export const RETRYABLE_ORDER_STATUSES: readonly OrderStatus[] = ['created', 'failed', 'expired', 'canceled'];

export function canStartAttempt(order: OrderStatus): boolean {
  return RETRYABLE_ORDER_STATUSES.includes(order);
}

/** What settling one provider answer does. */
export type Settlement =
  /** Nothing changes (still pending, or the same final answer again). */
  | { kind: 'unchanged'; reason: 'still-pending' | 'already-final' }
  /** The attempt and its order complete (receipt, purchase.completed). */
  | { kind: 'complete'; attempt: 'completed'; order: 'completed' }
  /** The provider took the money for an attempt of an order completed otherwise (paid twice): logged for a refund. */
  | { kind: 'paid-twice'; attempt: 'completed' }
  /** The attempt ends without money; the order takes the same status (purchase.failed). */
  | { kind: 'end'; attempt: Exclude<AttemptStatus, 'pending' | 'completed'>; order: Exclude<OrderStatus, 'created' | 'pending' | 'completed' | 'refunded'> }
  /** An answer contradicting a completed attempt (late failure after success): logged and ignored. */
  | { kind: 'ignored-late'; reason: string };

/**
 * The one decision `settle` applies: given where the attempt and its order are and what the
 * provider (or our expiry) says, what changes.
 */
export function decideSettlement(attempt: AttemptStatus, order: OrderStatus, outcome: ProviderOutcome): Settlement {
  if (outcome === 'completed') {
    if (attempt === 'completed') return { kind: 'unchanged', reason: 'already-final' };
    // Paid for real: it completes even after we expired or canceled it, unless the order is paid already.
    if (order === 'completed' || order === 'refunded') return { kind: 'paid-twice', attempt: 'completed' };
    return { kind: 'complete', attempt: 'completed', order: 'completed' };
  }
  if (outcome === 'pending') return { kind: 'unchanged', reason: 'still-pending' };
  // failed | expired | canceled
  if (attempt === 'completed') return { kind: 'ignored-late', reason: `${outcome} after completed` };
  if (attempt !== 'pending') return { kind: 'unchanged', reason: 'already-final' };
  // If the order was paid by another attempt or granted, the attempt ends and the order stays (orderAfterEnd).
  return { kind: 'end', attempt: outcome, order: outcome };
}

/** The order status an `end` settlement leaves: a paid or refunded order keeps its status. */
export function orderAfterEnd(order: OrderStatus, ended: Exclude<OrderStatus, 'created' | 'pending' | 'completed' | 'refunded'>): OrderStatus {
  return order === 'completed' || order === 'refunded' ? order : ended;
}

/** Refunded only from completed, by an administrator. */
export function canMarkRefunded(order: OrderStatus): boolean {
  return order === 'completed';
}

/** Granted (completed without a payment) from any status but completed and refunded. */
export function canGrant(order: OrderStatus): boolean {
  return order !== 'completed' && order !== 'refunded';
}

/** Whether the attempt's window has passed at `now`. */
export function pastWindow(expiresAt: Date, now: Date): boolean {
  return now.getTime() >= expiresAt.getTime();
}

/**
 * When the poller asks next: 3 s, 10 s, 30 s, then every minute (the last delay repeats), never
 * later than just after the window closes (so the final re-check happens on time).
 */
export function nextPollDelay(round: number, delays: readonly number[], msUntilExpiry: number): number {
  const base = delays[Math.min(round, delays.length - 1)] ?? 60_000;
  return Math.max(0, Math.min(base, msUntilExpiry + 1_000));
}
