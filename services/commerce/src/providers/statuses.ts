/**
 * Each provider's raw status (and reason) mapped onto our attempt outcomes. Pure tables, no I/O.
 * research/payments.md lists the statuses; anything we do not recognise stays `pending` so the
 * poller keeps asking and the window decides, rather than failing or completing on a guess.
 */
import type { ProviderName, ProviderOutcome } from './port';

const norm = (s: string | null | undefined) => (s ?? '').trim();

/**
 * NotchPay `transaction.status` (or a webhook's `data.status`).
 * `refunded` / `partialy-refunded` (their spelling) mean the money went back: never grant on them
 * (a completed order never goes back anyway; the state machine ignores a later non-completed).
 */
export function notchPayOutcome(status: string | null | undefined): ProviderOutcome {
  switch (norm(status).toLowerCase()) {
    case 'complete':
    case 'completed':
    case 'success':
    case 'successful':
      return 'completed';
    case 'failed':
    case 'rejected':
      return 'failed';
    case 'canceled':
    case 'cancelled':
    case 'abandoned':
    case 'refunded':
    case 'partialy-refunded':
    case 'partially-refunded':
      return 'canceled';
    case 'expired':
      return 'expired';
    // pending, processing, incomplete, hold, created, and anything new: keep asking.
    default:
      return 'pending';
  }
}

/** NotchPay webhook event (`payment.complete` …) as an outcome; null for events that are not about a payment's end. */
export function notchPayEventOutcome(event: string | null | undefined): ProviderOutcome | null {
  switch (norm(event).toLowerCase()) {
    case 'payment.complete':
    case 'payment.completed':
      return 'completed';
    case 'payment.failed':
      return 'failed';
    case 'payment.canceled':
    case 'payment.cancelled':
      return 'canceled';
    case 'payment.expired':
      return 'expired';
    case 'payment.created':
    case 'payment.pending':
      return 'pending';
    default:
      return null;
  }
}

/** MoMo reasons that mean "the payer did not confirm in time" rather than "refused". */
const MTN_EXPIRY_REASONS = new Set(['COULD_NOT_PERFORM_TRANSACTION', 'EXPIRED', 'TIMEOUT']);
const MTN_CANCEL_REASONS = new Set(['TRANSACTION_CANCELED', 'TRANSACTION_CANCELLED']);

/** MoMo `reason` is `{code, message}` in the spec and a bare string in some deployments: accept both. */
export function mtnReasonCode(reason: unknown): string | null {
  if (typeof reason === 'string') return reason.trim() || null;
  if (reason && typeof reason === 'object') {
    const code = (reason as Record<string, unknown>).code;
    if (typeof code === 'string' && code.trim()) return code.trim();
  }
  return null;
}

/** MTN MoMo requesttopay `status` (+ reason). */
export function mtnOutcome(status: string | null | undefined, reason?: unknown): ProviderOutcome {
  const code = mtnReasonCode(reason)?.toUpperCase() ?? '';
  switch (norm(status).toUpperCase()) {
    case 'SUCCESSFUL':
    case 'SUCCESS':
      return 'completed';
    case 'FAILED':
      if (MTN_EXPIRY_REASONS.has(code)) return 'expired';
      if (MTN_CANCEL_REASONS.has(code)) return 'canceled';
      return 'failed';
    // MTN's developer sandbox reports these for its test numbers.
    case 'REJECTED':
      return 'failed';
    case 'TIMEOUT':
    case 'EXPIRED':
      return 'expired';
    // PENDING, CREATED, ONGOING and anything new: keep asking.
    default:
      return 'pending';
  }
}

/** Orange Money Cameroun `mp/paymentstatus` `data.status` (SUCCESSFULL is their spelling). */
export function orangeOutcome(status: string | null | undefined): ProviderOutcome {
  switch (norm(status).toUpperCase()) {
    case 'SUCCESSFULL':
    case 'SUCCESSFUL':
    case 'SUCCESS':
      return 'completed';
    case 'FAILED':
      return 'failed';
    case 'EXPIRED':
      return 'expired';
    case 'CANCELLED':
    case 'CANCELED':
      return 'canceled';
    // PENDING, INITIATED and anything new: keep asking.
    default:
      return 'pending';
  }
}

/** Orange's `inittxnstatus` at mp/pay: "200" accepted; anything else is a refusal code ("60019" insufficient balance). */
export function orangeInitRefused(inittxnstatus: string | null | undefined): string | null {
  const s = norm(inittxnstatus);
  if (s === '' || s === '200' || s === '201' || s === '202') return null;
  return s;
}

export function providerOutcome(provider: ProviderName, status: string | null | undefined, reason?: unknown): ProviderOutcome {
  switch (provider) {
    case 'notchpay':
      return notchPayOutcome(status);
    case 'mtn':
      return mtnOutcome(status, reason);
    case 'orange':
      return orangeOutcome(status);
  }
}

/**
 * What a failure means for the customer, so the screen can say it in plain French
 * (spec §8: 'Solde insuffisant.', 'Paiement refusé sur le téléphone.', 'Le délai de confirmation
 * est dépassé.', 'Paiement annulé.', 'Numéro inconnu de l'opérateur.').
 */
export type FailureKind = 'insufficient_funds' | 'declined' | 'expired' | 'canceled' | 'unknown_number' | 'limit_reached' | 'other';

const FAILURE_KINDS: Record<string, FailureKind> = {
  // MTN MoMo
  NOT_ENOUGH_FUNDS: 'insufficient_funds',
  INTERNAL_PROCESSING_ERROR: 'insufficient_funds', // what MTN Cameroon answers on low funds (research 1b)
  APPROVAL_REJECTED: 'declined',
  PAYMENT_NOT_APPROVED: 'declined',
  REJECTED: 'declined',
  COULD_NOT_PERFORM_TRANSACTION: 'expired',
  EXPIRED: 'expired',
  TIMEOUT: 'expired',
  TRANSACTION_CANCELED: 'canceled',
  PAYER_NOT_FOUND: 'unknown_number',
  PAYER_LIMIT_REACHED: 'limit_reached',
  // Orange
  '60019': 'insufficient_funds',
  // NotchPay statuses used as reason codes
  failed: 'declined',
  rejected: 'declined',
  canceled: 'canceled',
  abandoned: 'canceled',
  expired: 'expired',
};

export function failureKind(outcome: ProviderOutcome, reasonCode: string | null | undefined): FailureKind {
  const known = reasonCode ? (FAILURE_KINDS[reasonCode] ?? FAILURE_KINDS[reasonCode.toUpperCase()]) : undefined;
  if (known) return known;
  if (outcome === 'expired') return 'expired';
  if (outcome === 'canceled') return 'canceled';
  // A bare failure (Orange FAILED has no reason) is the payer saying no; an unknown code is not.
  if (outcome === 'failed' && !reasonCode) return 'declined';
  return 'other';
}
