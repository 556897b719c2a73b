/**
 * Orange Money Cameroun merchant payment, as at https://api-s1.orange.cm (research/payments.md §1c B),
 * under /orange: POST /token, then with Bearer + X-AUTH-TOKEN: POST /omcoreapis/1.0.2/mp/init,
 * POST …/mp/pay, GET …/mp/paymentstatus/{payToken}, GET …/mp/push/{payToken}.
 * The notification to notifUrl is undocumented: we POST `{status, txnid, payToken, orderId}` (a guess).
 */
import express, { type Request, type Response } from 'express';
import { randomBytes } from 'node:crypto';
import { basicAuthIs, normaliseMsisdn, ORANGE, ORANGE_NUMBERS } from './credentials';
import type { OrangePayment, SandboxState } from './state';

export const ORANGE_API = '/omcoreapis/1.0.2';

const newPayToken = () => {
  const d = new Date();
  const ymd = `${String(d.getUTCFullYear()).slice(2)}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;
  return `MP${ymd}${randomBytes(6).toString('hex').toUpperCase()}`;
};

export function orangeData(p: OrangePayment): Record<string, unknown> {
  return {
    id: p.id,
    createtime: String(Math.floor((p.payCreatedAt ?? p.createdAt) / 1000)),
    subscriberMsisdn: p.subscriberMsisdn,
    amount: p.amount === null ? null : Number(p.amount),
    payToken: p.payToken,
    txnid: p.txnid,
    txnmode: 'PAYMENT',
    inittxnmessage: p.inittxnmessage,
    inittxnstatus: p.inittxnstatus,
    confirmtxnstatus: p.confirmtxnstatus,
    confirmtxnmessage: p.confirmtxnmessage,
    status: p.status,
    notifUrl: p.notifUrl,
    description: p.description,
    channelUserMsisdn: p.channelUserMsisdn,
    orderId: p.orderId,
  };
}

/** Ends an Orange payment and posts the notification (once). */
export function settleOrange(state: SandboxState, p: OrangePayment, status: 'SUCCESSFULL' | 'FAILED' | 'EXPIRED'): void {
  if (p.status !== 'PENDING') return;
  p.status = status;
  if (status === 'SUCCESSFULL') {
    p.confirmtxnstatus = '200';
    p.confirmtxnmessage = 'Paiement effectue avec succes';
  } else if (status === 'FAILED' && !p.confirmtxnmessage) {
    // The code Orange gives a declined push is undocumented: only a message.
    p.confirmtxnmessage = 'Transaction refusee par le client';
  }
  state.closePrompts(p.payToken);
  const body = { status: p.status, txnid: p.txnid, payToken: p.payToken, orderId: p.orderId };
  state.deliver('orange', p.notifUrl, 'POST', body, { forge: () => ({ ...body, status: 'SUCCESSFULL' }) });
}

export function expireOrange(state: SandboxState, p: OrangePayment, now = Date.now()): void {
  if (p.status === 'PENDING' && now - (p.payCreatedAt ?? p.createdAt) >= state.settings.windowMs.orange) settleOrange(state, p, 'EXPIRED');
}

export function orangeRouter(state: SandboxState): express.Router {
  const r = express.Router();

  r.post('/token', (req, res) => {
    if (!basicAuthIs(req.get('authorization'), ORANGE.username, ORANGE.password)) {
      res.status(401).json({ error: 'invalid_client', error_description: 'Client Authentication failed.' });
      return;
    }
    const { token, expiresIn } = state.issueToken('orange');
    res.status(200).json({ access_token: token, scope: 'am_application_scope default', token_type: 'Bearer', expires_in: expiresIn });
  });

  const authorised = (req: Request, res: Response) => {
    if (!state.tokenValid('orange', req.get('authorization'))) {
      res.status(401).json({ code: '900901', message: 'Invalid Credentials', description: 'Access failure for API: /omcoreapis/1.0.2, version: 1.0.2 status: (900901) - Invalid Credentials.' });
      return false;
    }
    if (req.get('x-auth-token') !== ORANGE.authToken) {
      res.status(401).json({ message: 'Invalid X-AUTH-TOKEN' });
      return false;
    }
    return true;
  };

  const api = express.Router();
  api.use((req, res, next) => {
    if (authorised(req, res)) next();
  });

  api.post('/mp/init', (_req, res) => {
    const payToken = newPayToken();
    state.orange.set(payToken, {
      id: state.orange.size + 1,
      payToken,
      createdAt: Date.now(),
      paid: false,
      status: 'INITIATED',
      orderId: null,
      amount: null,
      subscriberMsisdn: null,
      channelUserMsisdn: null,
      description: null,
      notifUrl: null,
      txnid: null,
      inittxnstatus: null,
      inittxnmessage: null,
      confirmtxnstatus: null,
      confirmtxnmessage: null,
      payCreatedAt: null,
    });
    res.status(200).json({ message: 'Payment request successfully initiated', data: { payToken } });
  });

  api.post('/mp/pay', (req, res) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const bad = (message: string) => res.status(400).json({ message, data: null });
    const p = typeof b.payToken === 'string' ? state.orange.get(b.payToken) : undefined;
    if (!p) return bad('Invalid payToken');
    if (p.paid) return bad('payToken already used');
    if (b.channelUserMsisdn !== ORANGE.channelMsisdn) return bad('Invalid channelUserMsisdn');
    if (b.pin !== ORANGE.pin) return res.status(401).json({ message: 'Invalid PIN', data: null });
    if (typeof b.amount !== 'string' || !/^\d+$/.test(b.amount) || Number(b.amount) <= 0) return bad('Invalid amount');
    if (typeof b.subscriberMsisdn !== 'string' || !/^6\d{8}$/.test(b.subscriberMsisdn)) return bad('Invalid subscriberMsisdn');
    if (typeof b.orderId !== 'string' || b.orderId === '') return bad('Invalid orderId');
    if (typeof b.notifUrl !== 'string' || !/^https?:\/\//.test(b.notifUrl)) return bad('Invalid notifUrl');
    Object.assign(p, {
      paid: true,
      status: 'PENDING',
      orderId: b.orderId,
      amount: b.amount,
      subscriberMsisdn: b.subscriberMsisdn,
      channelUserMsisdn: b.channelUserMsisdn,
      description: typeof b.description === 'string' ? b.description : '',
      notifUrl: b.notifUrl,
      txnid: `MP${Date.now().toString().slice(-6)}.${randomBytes(2).toString('hex')}.${randomBytes(3).toString('hex').toUpperCase()}`,
      inittxnstatus: '200',
      inittxnmessage: 'Paiement en attente de confirmation par le client',
      payCreatedAt: Date.now(),
    } satisfies Partial<OrangePayment>);
    const msisdn = normaliseMsisdn(b.subscriberMsisdn);
    if (msisdn === ORANGE_NUMBERS.insufficient) {
      p.inittxnstatus = '60019';
      p.inittxnmessage = 'Le solde de votre compte est insuffisant';
      p.status = 'FAILED';
      res.status(200).json({ message: 'Merchant payment failed', data: orangeData(p) });
      return;
    }
    res.status(200).json({ message: 'Merchant payment successfully initiated', data: orangeData(p) });
    if (state.failing('orange', msisdn)) {
      p.confirmtxnmessage = 'Service momentanement indisponible';
      return settleOrange(state, p, 'FAILED');
    }
    switch (msisdn) {
      case ORANGE_NUMBERS.success:
        return state.operatorAnswers('orange', msisdn, () => settleOrange(state, p, 'SUCCESSFULL'));
      case ORANGE_NUMBERS.failed:
        return state.operatorAnswers('orange', msisdn, () => settleOrange(state, p, 'FAILED'));
      case ORANGE_NUMBERS.expires:
        return;
      default:
        state.addPrompt({ provider: 'orange', msisdn, amount: Number(b.amount), currency: 'XAF', description: p.description ?? '', paymentKey: p.payToken });
    }
  });

  api.get('/mp/paymentstatus/:payToken', (req, res) => {
    const p = state.orange.get(req.params.payToken);
    if (!p) return res.status(404).json({ message: 'Transaction not found', data: null });
    expireOrange(state, p);
    res.status(200).json({ message: 'Transaction retrieved successfully', data: orangeData(p) });
  });

  api.get('/mp/push/:payToken', (req, res) => {
    const p = state.orange.get(req.params.payToken);
    if (!p) return res.status(404).json({ message: 'Transaction not found', data: null });
    expireOrange(state, p);
    if (p.status === 'PENDING' && p.subscriberMsisdn) {
      const msisdn = normaliseMsisdn(p.subscriberMsisdn);
      // The forced numbers stay forced; others get a fresh prompt on the phone page.
      if (msisdn !== ORANGE_NUMBERS.expires) {
        state.addPrompt({ provider: 'orange', msisdn, amount: Number(p.amount), currency: 'XAF', description: p.description ?? '', paymentKey: p.payToken });
      }
      res.status(200).json({ message: 'Push sent to customer', data: orangeData(p) });
      return;
    }
    res.status(200).json({ message: 'Transaction is not pending', data: orangeData(p) });
  });

  r.use(ORANGE_API, api);
  return r;
}
