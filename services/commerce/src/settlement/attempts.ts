import type { CommerceDeps } from '../deps';
import type { PaymentAttempt } from '../entities';
import { findAttempt } from '../orders';
import { ChargeNotAtProvider, ProviderRejected, ProviderUnavailable } from '../providers';
import { OWN_REASONS } from '../shared/messages';
import { pastWindow } from '../shared/order-state';
import { answerInput, errorExchange } from './answers';
import { chargeAttempt } from './charge';
import { schedulePoll } from './poller';
import { chargeStartedAt } from './rules';
import { settle, type SettleInput, type SettleResult } from './settle';
import { claimChargeResend, recordExchange } from './store';

/** A charge the provider never received is sent again at most this many times; then the attempt ends. */
export const MAX_CHARGE_RESENDS = 2;

/**
 * Asks the provider where an attempt is (the truth; callbacks and return pages are only nudges).
 * Unreachable or refusing: the attempt stays pending (the exchange is kept), we ask again later.
 */
export async function askProvider(deps: CommerceDeps, attempt: PaymentAttempt): Promise<SettleInput> {
  const provider = deps.providers.get(attempt.provider);
  if (!provider) return { outcome: 'pending', unanswered: true, exchange: { kind: 'status', httpStatus: null, body: { error: 'provider not configured' } } };
  try {
    return answerInput(await provider.status({ reference: attempt.reference, providerReference: attempt.providerReference }));
  } catch (err) {
    if (err instanceof ChargeNotAtProvider) return { outcome: 'pending', unanswered: true, notAtProvider: true, exchange: err.exchange };
    if (!(err instanceof ProviderUnavailable || err instanceof ProviderRejected)) deps.log.error({ err, attemptId: attempt.id }, 'status request failed');
    return { outcome: 'pending', unanswered: true, exchange: errorExchange('status', err) };
  }
}

/**
 * One check of an attempt: ask the provider, settle its answer; when it still says pending past
 * the window (this was the re-check after the window), expire the attempt. When it could not be
 * asked at all then, the outcome stays unknown and the order waits for an administrator. When the
 * provider has no request for our reference, the charge never left: `recoverUnsentCharge`.
 */
export async function checkAttempt(
  deps: CommerceDeps,
  attemptId: string,
  opts: { expireWhenPast: boolean; adminRecheck?: boolean; fromPoller?: boolean },
): Promise<SettleResult | null> {
  const attempt = await findAttempt(deps.ds.manager, attemptId);
  if (!attempt) return null;
  const input = await askProvider(deps, attempt);
  if (input.notAtProvider && attempt.status === 'pending') return recoverUnsentCharge(deps, attempt, input, { fromPoller: opts.fromPoller === true });
  const result = await settle(deps, attempt.id, { ...input, adminRecheck: opts.adminRecheck });
  if (input.outcome === 'pending' && opts.expireWhenPast && attempt.status === 'pending' && pastWindow(attempt.expiresAt, deps.now())) {
    return settle(deps, attempt.id, {
      outcome: 'expired',
      reasonCode: OWN_REASONS.windowPassed,
      outcomeUnknown: input.unanswered === true,
      exchange: { kind: 'expiry', httpStatus: null, body: { expiresAt: attempt.expiresAt, providerAnswered: !input.unanswered } },
    });
  }
  return result;
}

/** The end of an attempt whose charge never reached the provider and will not be sent again. */
function endUnsent(deps: CommerceDeps, attempt: PaymentAttempt, answer: SettleInput['exchange']): Promise<SettleResult> {
  deps.log.warn({ attemptId: attempt.id, provider: attempt.provider, resends: attempt.chargeResends }, 'the provider never received the charge: attempt ended');
  return settle(deps, attempt.id, {
    outcome: 'failed',
    reasonCode: OWN_REASONS.chargeNotSent,
    exchange: { kind: 'charge.not-sent', httpStatus: answer?.httpStatus ?? null, body: { providerSaid: answer?.body ?? null, resends: attempt.chargeResends } },
  });
}

/**
 * The provider has no request for a live attempt's reference (MoMo/NotchPay 404, Orange without a
 * payToken or still INITIATED): the charge never reached it, e.g. the process died between
 * committing the attempt and calling the provider. Within the grace after the commit (or the last
 * resend) a charge may still be on its way: nothing changes (unless the window has passed). After it, the charge is sent now with
 * the same reference (MoMo's X-Reference-Id and NotchPay's reference are idempotent: a request that
 * did arrive answers 409 and is read back; Orange reuses the stored payToken, whose mp/pay never
 * arrived), with a full window from now, and the poller follows it. Past the window or after
 * MAX_CHARGE_RESENDS it ends at once (failed, CHARGE_NOT_SENT: no money can have been taken), so
 * that paying again makes a new attempt. One instance sends (a conditional update claims the resend).
 */
export async function recoverUnsentCharge(deps: CommerceDeps, attempt: PaymentAttempt, input: SettleInput, opts: { fromPoller: boolean }): Promise<SettleResult> {
  const now = deps.now();
  const answer = input.exchange ?? null;
  const past = pastWindow(attempt.expiresAt, now);
  const graceLeft = chargeStartedAt(attempt) + deps.config.chargeGraceMs - now.getTime();
  if (!past && graceLeft > 0) {
    // The poller comes back when the grace ends, not a whole round later.
    return { ...(await settle(deps, attempt.id, { outcome: 'pending', exchange: answer })), askAgainInMs: graceLeft + 100 };
  }
  const provider = deps.providers.get(attempt.provider);
  if (!provider || attempt.chargeResends >= MAX_CHARGE_RESENDS || past) return endUnsent(deps, attempt, answer);
  if (!(await claimChargeResend(deps.ds.manager, attempt, now, new Date(now.getTime() + provider.windowMs)))) {
    return { orderId: attempt.orderId, kind: 'unchanged', changed: false };
  }
  deps.log.warn({ attemptId: attempt.id, provider: attempt.provider, resend: attempt.chargeResends + 1 }, 'the provider never received the charge: sent now');
  await deps.uow.run(({ manager }) =>
    recordExchange(manager, attempt.id, { kind: 'charge.resend', httpStatus: answer?.httpStatus ?? null, body: { providerSaid: answer?.body ?? null, resend: attempt.chargeResends + 1 } }, now),
  );
  await deps.updates.publish(attempt.orderId);
  await chargeAttempt(deps, attempt.id);
  // The poller follows it (a chain already running continues by itself; one never started, as after a crash, starts here).
  if (!opts.fromPoller) await schedulePoll(deps, attempt.id, 0);
  return { orderId: attempt.orderId, kind: 'unchanged', changed: true };
}
