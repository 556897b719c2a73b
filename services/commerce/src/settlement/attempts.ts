import { OWN_REASONS } from '../domain/messages';
import { nextPollDelay, pastWindow } from '../domain/order-state';
import { notchPayChannel } from '../domain/phone';
import { PaymentAttempt } from '../entities';
import { ChargeNotAtProvider, ProviderRejected, ProviderUnavailable, type ProviderAnswer } from '../providers/port';
import type { CommerceDeps } from './deps';
import { recordExchange, settle, type SettleInput, type SettleResult } from './settle';

/** See CommerceConfig.chargeGraceMs. */
export const DEFAULT_CHARGE_GRACE_MS = 60_000;
/** A charge the provider never received is sent again at most this many times; then the attempt ends. */
export const MAX_CHARGE_RESENDS = 2;
/** A nudge (webhook, sweeper) waits this long, so that a burst of them about one attempt makes one status request. */
export const NUDGE_DELAY_MS = 1_000;

/**
 * Asks for one look at a live attempt (a provider's notification, the sweeper), coalesced: while one
 * such check of the attempt is waiting or running, more nudges add nothing (BullMQ deduplication
 * on the attempt id), so a flood of notifications naming it makes at most one pending status request.
 */
export async function nudgeAttempt(deps: Pick<CommerceDeps, 'enqueue'>, attemptId: string): Promise<void> {
  await deps.enqueue('check-attempt', { attemptId }, { delay: NUDGE_DELAY_MS, deduplication: { id: `check-${attemptId}` } });
}

/** The poller's next look at a pending attempt (no later than `atMostMs` when given). */
export async function schedulePoll(deps: CommerceDeps, attemptId: string, round: number, atMostMs?: number): Promise<void> {
  const attempt = await deps.ds.manager.findOne(PaymentAttempt, { where: { id: attemptId } });
  if (!attempt || attempt.status !== 'pending') return;
  const delays = deps.config.pollDelaysMs ?? [3_000, 10_000, 30_000, 60_000];
  const next = nextPollDelay(round, delays, attempt.expiresAt.getTime() - deps.now().getTime());
  const delay = atMostMs === undefined ? next : Math.min(next, Math.max(0, atMostMs));
  await deps.enqueue('poll-attempt', { attemptId, round }, { delay, jobId: `poll-${attemptId}-${round}` });
}

export function answerInput(answer: ProviderAnswer): SettleInput {
  return {
    outcome: answer.outcome,
    providerReference: answer.providerReference,
    operatorTransactionId: answer.operatorTransactionId,
    reasonCode: answer.reasonCode,
    authorizationUrl: answer.authorizationUrl,
    exchange: answer.exchange,
  };
}

function errorExchange(kind: string, err: unknown): { kind: string; httpStatus: number | null; body: unknown } {
  if (err instanceof ProviderUnavailable || err instanceof ProviderRejected) {
    return err.exchange ?? { kind, httpStatus: null, body: { error: err.message } };
  }
  return { kind, httpStatus: null, body: { error: err instanceof Error ? err.message : String(err) } };
}

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
  const attempt = await deps.ds.manager.findOne(PaymentAttempt, { where: { id: attemptId } });
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

/** Since when a charge of this attempt may still be on its way to the provider (committed, or sent again). */
export function chargeStartedAt(attempt: Pick<PaymentAttempt, 'createdAt' | 'chargeResentAt'>): number {
  return Math.max(attempt.createdAt.getTime(), attempt.chargeResentAt?.getTime() ?? 0);
}

export function chargeGraceMs(deps: Pick<CommerceDeps, 'config'>): number {
  return deps.config.chargeGraceMs ?? DEFAULT_CHARGE_GRACE_MS;
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
  const graceLeft = chargeStartedAt(attempt) + chargeGraceMs(deps) - now.getTime();
  if (!past && graceLeft > 0) {
    // The poller comes back when the grace ends, not a whole round later.
    return { ...(await settle(deps, attempt.id, { outcome: 'pending', exchange: answer })), askAgainInMs: graceLeft + 100 };
  }
  const provider = deps.providers.get(attempt.provider);
  if (!provider || attempt.chargeResends >= MAX_CHARGE_RESENDS || past) {
    deps.log.warn({ attemptId: attempt.id, provider: attempt.provider, resends: attempt.chargeResends }, 'the provider never received the charge: attempt ended');
    return settle(deps, attempt.id, {
      outcome: 'failed',
      reasonCode: OWN_REASONS.chargeNotSent,
      exchange: { kind: 'charge.not-sent', httpStatus: answer?.httpStatus ?? null, body: { providerSaid: answer?.body ?? null, resends: attempt.chargeResends } },
    });
  }
  const claimed = (await deps.ds.manager.query(
    `UPDATE payment_attempts SET charge_resends = charge_resends + 1, charge_resent_at = $2, expires_at = GREATEST(expires_at, $3)
      WHERE id = $1 AND status = 'pending' AND charge_resends = $4 RETURNING id`,
    [attempt.id, now, new Date(now.getTime() + provider.windowMs), attempt.chargeResends],
  )) as [unknown[], number];
  if (!claimed[0].length) return { orderId: attempt.orderId, kind: 'unchanged', changed: false };
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

/** Starts the charge of an attempt already stored (our reference persisted first). */
export async function chargeAttempt(deps: CommerceDeps, attemptId: string): Promise<void> {
  const row = await deps.ds.manager.query(
    `SELECT a.id, a.provider, a.reference, a.provider_reference, a.phone, o.id AS order_id, o.amount_xaf, o.buyer_email, o.item_title
       FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = $1`,
    [attemptId],
  );
  const a = row[0] as {
    id: string;
    provider: 'orange' | 'mtn' | 'notchpay';
    reference: string;
    provider_reference: string | null;
    phone: string | null;
    order_id: string;
    amount_xaf: number;
    buyer_email: string;
    item_title: string;
  };
  const provider = deps.providers.get(a.provider);
  if (!provider) return;
  try {
    const answer = await provider.charge({
      providerReference: a.provider_reference,
      onProviderReference: async (ref) => {
        await deps.ds.manager.query(`UPDATE payment_attempts SET provider_reference = $2 WHERE id = $1 AND provider_reference IS NULL`, [a.id, ref]);
      },
      reference: a.reference,
      orderId: a.order_id,
      amountXaf: a.amount_xaf,
      phone: a.provider === 'notchpay' ? null : a.phone,
      email: a.buyer_email,
      description: paymentDescription(a.item_title),
      notifyUrl: `${deps.config.notifyUrl}/${a.provider}`,
      returnUrl: `${deps.config.publicUrl}/paiement/retour?order=${a.order_id}`,
    });
    await settle(deps, a.id, answerInput(answer));
    if (a.provider === 'notchpay' && a.phone && provider.pushCharge && answer.outcome === 'pending') {
      await deps.enqueue('push-charge', { attemptId: a.id });
    }
  } catch (err) {
    if (err instanceof ProviderRejected) {
      await settle(deps, a.id, { outcome: 'failed', reasonCode: err.reasonCode, exchange: err.exchange });
      return;
    }
    if (!(err instanceof ProviderUnavailable)) deps.log.error({ err, attemptId }, 'charge failed');
    // Unknown whether the provider got it: stays pending; the poller asks (and expires it after the window).
    await deps.uow.run(({ manager }) => recordExchange(manager, a.id, errorExchange('charge', err), deps.now()));
  }
}

/** NotchPay's direct mobile-money charge (PUT /payments/{ref}), slow: run as a job. */
export async function pushCharge(deps: CommerceDeps, attemptId: string): Promise<void> {
  const attempt = await deps.ds.manager.findOne(PaymentAttempt, { where: { id: attemptId } });
  const provider = attempt && deps.providers.get(attempt.provider);
  if (!attempt || attempt.status !== 'pending' || !attempt.phone || !provider?.pushCharge) return;
  try {
    const answer = await provider.pushCharge({
      reference: attempt.reference,
      providerReference: attempt.providerReference,
      phone: attempt.phone,
      channel: notchPayChannel(attempt.phone),
    });
    await settle(deps, attempt.id, answerInput(answer));
  } catch (err) {
    if (err instanceof ProviderRejected) {
      await settle(deps, attempt.id, { outcome: 'failed', reasonCode: err.reasonCode, exchange: err.exchange });
      return;
    }
    await deps.uow.run(({ manager }) => recordExchange(manager, attempt.id, errorExchange('push-charge', err), deps.now()));
  }
}

/** A payer message MoMo accepts: no & or ', at most 160 characters, never empty. */
export function paymentDescription(title: string): string {
  const clean = `LBF ${title}`.replace(/[&'’"<>]/g, ' ').replace(/\s+/g, ' ').trim();
  return clean.slice(0, 160);
}
