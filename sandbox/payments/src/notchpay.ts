/**
 * NotchPay, as at https://api.notchpay.co (research/payments.md §1a), under /notchpay:
 * POST /payments/initialize (and POST /payments, the new docs' name), GET/PUT/DELETE /payments/{ref},
 * and the hosted page GET /pay/{ref} ("Payer" / "Refuser", then back to `callback`).
 * Webhooks go to NOTCHPAY_WEBHOOK_URL, signed: x-notch-signature = hex HMAC-SHA256(raw body, hash key).
 */
import express, { type Request, type Response } from 'express';
import { randomBytes } from 'node:crypto';
import { NOTCHPAY_NUMBERS, NOTCHPAY_PUBLIC_KEY, normaliseMsisdn } from './credentials';
import { esc, fcfa, page } from './html';
import type { NotchPayment, SandboxState } from './state';

const EVENTS: Partial<Record<NotchPayment['status'], string>> = {
  complete: 'payment.complete',
  failed: 'payment.failed',
  canceled: 'payment.canceled',
  expired: 'payment.expired',
};

export function notchTransaction(p: NotchPayment): Record<string, unknown> {
  return {
    amount: p.amount,
    amount_total: p.amount,
    sandbox: true,
    fee: 0,
    converted_amount: p.amount,
    currency: p.currency,
    reference: p.reference,
    merchant_reference: p.merchantReference,
    status: p.status,
    description: p.description,
    callback: p.callback,
    payment_method: p.channel,
    customer: { email: p.email, phone: p.phone },
    created_at: new Date(p.createdAt).toISOString(),
    updated_at: new Date(p.updatedAt).toISOString(),
  };
}

/** Ends a NotchPay payment and sends the signed webhook (once). */
export function settleNotch(state: SandboxState, p: NotchPayment, status: 'complete' | 'failed' | 'canceled' | 'expired'): void {
  if (p.status !== 'pending' && p.status !== 'processing') return;
  p.status = status;
  p.updatedAt = Date.now();
  state.closePrompts(p.reference);
  const payload = { id: `evt.test_${randomBytes(10).toString('hex')}`, event: EVENTS[status], data: notchTransaction(p) };
  state.deliver('notchpay', state.settings.notchpayWebhookUrl, 'POST', payload, {
    sign: true,
    forge: () => ({ ...payload, event: 'payment.complete', data: { ...payload.data, status: 'complete' } }),
  });
}

export function expireNotch(state: SandboxState, p: NotchPayment, now = Date.now()): void {
  if ((p.status === 'pending' || p.status === 'processing') && now - p.createdAt >= state.settings.windowMs.notchpay) settleNotch(state, p, 'expired');
}

export function notchpayRouter(state: SandboxState): express.Router {
  const r = express.Router();

  const find = (ref: string) => state.notchpay.get(ref) ?? state.notchpay.get(state.notchpayByMerchantRef.get(ref) ?? '');
  const notFound = (res: Response) => res.status(404).json({ code: 404, status: 'Not Found', message: 'Payment Not Found' });
  const invalid = (res: Response, message: string, errors: Record<string, string[]> = {}) =>
    res.status(422).json({ code: 422, status: 'Unprocessable Entity', message, errors });
  const authorised = (req: Request, res: Response) => {
    if (req.get('authorization') !== NOTCHPAY_PUBLIC_KEY) {
      res.status(401).json({ code: 401, status: 'Unauthorized', message: 'Invalid API Key' });
      return false;
    }
    return true;
  };
  const publicBase = (req: Request) => state.settings.publicUrl ?? `${req.protocol}://${req.get('host')}`;
  /** NotchPay's answer naming one payment: its transaction and where the payer authorises it. */
  const paymentAnswer = (req: Request, p: NotchPayment, code: number, status: string, message: string) => ({
    code,
    status,
    message,
    transaction: notchTransaction(p),
    authorization_url: `${publicBase(req)}/notchpay/pay/${encodeURIComponent(p.reference)}`,
  });

  const initialize = (req: Request, res: Response) => {
    if (!authorised(req, res)) return;
    const b = (req.body ?? {}) as Record<string, unknown>;
    const customer = (b.customer ?? {}) as Record<string, unknown>;
    const email = typeof b.email === 'string' ? b.email : typeof customer.email === 'string' ? customer.email : null;
    const phone = typeof b.phone === 'string' ? b.phone : typeof customer.phone === 'string' ? customer.phone : null;
    if (typeof b.amount !== 'number' || !Number.isInteger(b.amount) || b.amount < 1) return invalid(res, 'The amount field must be an integer.', { amount: ['invalid'] });
    if (b.currency !== 'XAF') return invalid(res, 'The selected currency is invalid.', { currency: ['invalid'] });
    if (!email && !phone) return invalid(res, 'The email field is required when phone is not present.', { email: ['required'] });
    const merchantReference = typeof b.reference === 'string' && b.reference ? b.reference : null;
    if (merchantReference && state.notchpayByMerchantRef.has(merchantReference)) {
      res.status(409).json({ code: 409, status: 'Conflict', message: 'A payment with this reference already exists' });
      return;
    }
    const now = Date.now();
    const p: NotchPayment = {
      reference: `trx.test_${randomBytes(12).toString('base64url')}`,
      merchantReference,
      amount: b.amount,
      currency: 'XAF',
      email,
      phone,
      description: typeof b.description === 'string' ? b.description : null,
      callback: typeof b.callback === 'string' ? b.callback : null,
      status: 'pending',
      channel: null,
      createdAt: now,
      updatedAt: now,
    };
    state.notchpay.set(p.reference, p);
    if (merchantReference) state.notchpayByMerchantRef.set(merchantReference, p.reference);
    res.status(201).json(paymentAnswer(req, p, 201, 'Accepted', 'Payment initialized'));
  };
  r.post('/payments/initialize', initialize);
  r.post('/payments', initialize);

  r.get('/payments/:ref', (req, res) => {
    if (!authorised(req, res)) return;
    const p = find(req.params.ref);
    if (!p) return notFound(res);
    expireNotch(state, p);
    res.status(200).json(paymentAnswer(req, p, 200, 'OK', 'Payment retrieved'));
  });

  r.put('/payments/:ref', async (req, res) => {
    if (!authorised(req, res)) return;
    const p = find(req.params.ref);
    if (!p) return notFound(res);
    expireNotch(state, p);
    const b = (req.body ?? {}) as Record<string, unknown>;
    const channel = b.channel;
    const phone = (b.data as Record<string, unknown> | undefined)?.phone;
    if (channel !== 'cm.mtn' && channel !== 'cm.orange' && channel !== 'cm.mobile') return invalid(res, 'The selected channel is invalid.', { channel: ['invalid'] });
    if (typeof phone !== 'string' || normaliseMsisdn(phone).length < 9) return invalid(res, 'The phone field is required.', { 'data.phone': ['required'] });
    if (p.status !== 'pending') return invalid(res, 'This payment can no longer be processed.');
    // The real call blocks while NotchPay reaches the operator.
    if (state.settings.notchpayChargeDelayMs > 0) await new Promise((done) => setTimeout(done, state.settings.notchpayChargeDelayMs));
    const msisdn = normaliseMsisdn(phone);
    p.channel = channel;
    p.phone = phone;
    p.updatedAt = Date.now();
    const ussd = channel === 'cm.orange' ? '#150*50#' : '*126#';
    res.status(202).json({ code: 202, status: 'Accepted', message: `Confirm your transaction by dialing ${ussd}`, action: 'confirm' });
    if (state.failing('notchpay', msisdn)) return settleNotch(state, p, 'failed');
    if ((NOTCHPAY_NUMBERS.complete as readonly string[]).includes(msisdn)) return state.operatorAnswers('notchpay', msisdn, () => settleNotch(state, p, 'complete'));
    if ((NOTCHPAY_NUMBERS.fail as readonly string[]).includes(msisdn)) return state.operatorAnswers('notchpay', msisdn, () => settleNotch(state, p, 'failed'));
    state.addPrompt({ provider: 'notchpay', msisdn, amount: p.amount, currency: p.currency, description: p.description ?? '', paymentKey: p.reference });
  });

  r.delete('/payments/:ref', (req, res) => {
    if (!authorised(req, res)) return;
    const p = find(req.params.ref);
    if (!p) return notFound(res);
    expireNotch(state, p);
    if (p.status !== 'pending' && p.status !== 'processing') return invalid(res, 'This payment can no longer be canceled.');
    settleNotch(state, p, 'canceled');
    res.status(200).json({ code: 200, status: 'OK', message: 'Payment canceled', transaction: notchTransaction(p) });
  });

  // The hosted page the customer's browser is sent to (authorization_url).
  r.get('/pay/:ref', (req, res) => {
    const p = state.notchpay.get(req.params.ref);
    if (!p) return void res.status(404).type('html').send(page('Paiement introuvable', '<div class="card"><h1>Paiement introuvable</h1></div>'));
    expireNotch(state, p);
    const ref = encodeURIComponent(p.reference);
    const body =
      p.status === 'pending'
        ? `<div class="card">
  <p class="muted">NotchPay · ${esc(state.settings.merchantName)}</p>
  <h1>${esc(p.description || 'Paiement')}</h1>
  <p class="amount">${esc(fcfa(p.amount))}</p>
  <p class="muted">${esc(p.email ?? p.phone ?? '')}</p>
  <div class="actions">
    <form method="post" action="/notchpay/pay/${ref}/complete"><button class="ok" type="submit">Payer</button></form>
    <form method="post" action="/notchpay/pay/${ref}/decline"><button class="no" type="submit">Refuser</button></form>
  </div>
</div>`
        : `<div class="card"><h1>Paiement ${esc(p.status)}</h1>${p.callback ? `<p><a href="${esc(returnUrl(p))}">Retour au site</a></p>` : ''}</div>`;
    res.status(200).type('html').send(page('NotchPay · Paiement', body));
  });

  const finish = (status: 'complete' | 'failed') => (req: Request, res: Response) => {
    const p = state.notchpay.get(String(req.params.ref));
    if (!p) return void res.status(404).type('html').send(page('Paiement introuvable', '<div class="card"><h1>Paiement introuvable</h1></div>'));
    expireNotch(state, p);
    if (p.status === 'pending') {
      p.channel = p.channel ?? 'cm.mobile';
      const payer = normaliseMsisdn(p.phone);
      if (state.failing('notchpay', payer)) settleNotch(state, p, 'failed');
      else state.operatorAnswers('notchpay', payer, () => settleNotch(state, p, status));
    }
    if (p.callback) return res.redirect(303, returnUrl(p));
    res.status(200).type('html').send(page('NotchPay · Paiement', `<div class="card"><h1>Paiement ${esc(p.status)}</h1></div>`));
  };
  r.post('/pay/:ref/complete', finish('complete'));
  r.post('/pay/:ref/decline', finish('failed'));

  return r;
}

/** callback?reference=<NotchPay ref>&trxref=<ours>&notchpay_trxref=<NotchPay ref>&status=… (research [?]). */
function returnUrl(p: NotchPayment): string {
  const url = new URL(p.callback ?? '/', 'http://invalid.local');
  url.searchParams.set('reference', p.reference);
  if (p.merchantReference) url.searchParams.set('trxref', p.merchantReference);
  url.searchParams.set('notchpay_trxref', p.reference);
  url.searchParams.set('status', p.status);
  return p.callback && /^https?:\/\//.test(p.callback) ? url.toString() : `${url.pathname}${url.search}`;
}
