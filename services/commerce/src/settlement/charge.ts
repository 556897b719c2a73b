import type { CommerceDeps } from '../deps';
import { findAttempt } from '../orders';
import { ProviderRejected, ProviderUnavailable } from '../providers';
import { notchPayChannel } from '../shared/phone';
import { answerInput, errorExchange } from './answers';
import { paymentDescription } from './rules';
import { settle } from './settle';
import { chargeRow, keepProviderReference, recordExchange } from './store';

/** Starts the charge of an attempt already stored (our reference persisted first). */
export async function chargeAttempt(deps: CommerceDeps, attemptId: string): Promise<void> {
  const a = await chargeRow(deps.ds.manager, attemptId);
  const provider = deps.providers.get(a.provider);
  if (!provider) return;
  try {
    const answer = await provider.charge({
      providerReference: a.provider_reference,
      onProviderReference: (ref) => keepProviderReference(deps.ds.manager, a.id, ref),
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
  const attempt = await findAttempt(deps.ds.manager, attemptId);
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
