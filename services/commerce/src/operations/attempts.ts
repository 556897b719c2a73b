import { OWN_REASONS } from '../domain/messages';
import { pastWindow } from '../domain/order-state';
import { notchPayChannel } from '../domain/phone';
import { PaymentAttempt } from '../entities';
import { ProviderRejected, ProviderUnavailable, type ProviderAnswer } from '../providers/port';
import type { CommerceDeps } from './deps';
import { recordExchange, settle, type SettleInput, type SettleResult } from './settle';

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
    if (!(err instanceof ProviderUnavailable || err instanceof ProviderRejected)) deps.log.error({ err, attemptId: attempt.id }, 'status request failed');
    return { outcome: 'pending', unanswered: true, exchange: errorExchange('status', err) };
  }
}

/**
 * One check of an attempt: ask the provider, settle its answer; when it still says pending past
 * the window (this was the re-check after the window), expire the attempt. When it could not be
 * asked at all then, the outcome stays unknown and the order waits for an administrator.
 */
export async function checkAttempt(deps: CommerceDeps, attemptId: string, opts: { expireWhenPast: boolean; adminRecheck?: boolean }): Promise<SettleResult | null> {
  const attempt = await deps.ds.manager.findOne(PaymentAttempt, { where: { id: attemptId } });
  if (!attempt) return null;
  const input = await askProvider(deps, attempt);
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

/** Starts the charge of an attempt already stored (our reference persisted first). */
export async function chargeAttempt(deps: CommerceDeps, attemptId: string): Promise<void> {
  const row = await deps.ds.manager.query(
    `SELECT a.id, a.provider, a.reference, a.phone, o.id AS order_id, o.amount_xaf, o.buyer_email, o.item_title
       FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = $1`,
    [attemptId],
  );
  const a = row[0] as { id: string; provider: 'orange' | 'mtn' | 'notchpay'; reference: string; phone: string | null; order_id: string; amount_xaf: number; buyer_email: string; item_title: string };
  const provider = deps.providers.get(a.provider);
  if (!provider) return;
  try {
    const answer = await provider.charge({
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
