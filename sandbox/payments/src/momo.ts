/**
 * MTN MoMo Collection, as at https://proxy.momoapi.mtn.com (research/payments.md §1b), under /momo:
 * POST /collection/token/, POST /collection/v1_0/requesttopay, GET /collection/v1_0/requesttopay/{ref}.
 * Callback: PUT to X-Callback-Url once, unsigned, body = the status object.
 */
import express, { type Request, type Response } from 'express';
import { basicAuthIs, MOMO, MOMO_NUMBERS, normaliseMsisdn } from './credentials';
import { randomDigits, type MomoRequest, type SandboxState } from './state';

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

const REASON_MESSAGES: Record<string, string> = {
  INTERNAL_PROCESSING_ERROR: 'An internal error caused the operation to fail.',
  APPROVAL_REJECTED: 'The payer rejected the request.',
  COULD_NOT_PERFORM_TRANSACTION: 'The transaction was not approved in time.',
};

export function momoStatusBody(state: SandboxState, r: MomoRequest): Record<string, unknown> {
  const body: Record<string, unknown> = {
    amount: r.amount,
    currency: r.currency,
    externalId: r.externalId,
    payer: r.payer,
    payerMessage: r.payerMessage,
    payeeNote: r.payeeNote,
    status: r.status,
  };
  if (r.financialTransactionId) body.financialTransactionId = r.financialTransactionId;
  if (r.reason) body.reason = state.settings.momoReasonAsString ? r.reason : { code: r.reason, message: REASON_MESSAGES[r.reason] ?? r.reason };
  return body;
}

/** Ends a MoMo request and sends its callback (once). */
export function settleMomo(state: SandboxState, r: MomoRequest, status: 'SUCCESSFUL' | 'FAILED', reason: string | null): void {
  if (r.status !== 'PENDING') return;
  r.status = status;
  r.reason = status === 'FAILED' ? reason : null;
  if (status === 'SUCCESSFUL') r.financialTransactionId = randomDigits(10);
  state.closePrompts(r.referenceId);
  const body = momoStatusBody(state, r);
  state.deliver('mtn', r.callbackUrl, 'PUT', body, {
    forge: () => ({ ...body, status: 'SUCCESSFUL', reason: undefined, financialTransactionId: randomDigits(10) }),
  });
}

/** Times out what has waited past the window (lazily on read and by the sweeper). */
export function expireMomo(state: SandboxState, r: MomoRequest, now = Date.now()): void {
  if (r.status === 'PENDING' && !r.pendingForever && now - r.createdAt >= state.settings.windowMs.mtn) {
    settleMomo(state, r, 'FAILED', 'COULD_NOT_PERFORM_TRANSACTION');
  }
}

const err = (res: Response, status: number, code: string, message: string) => res.status(status).json({ code, message });

export function momoRouter(state: SandboxState): express.Router {
  const r = express.Router();

  const subscriptionOk = (req: Request, res: Response) => {
    if (req.get('ocp-apim-subscription-key') !== MOMO.subscriptionKey) {
      res.status(401).json({ statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' });
      return false;
    }
    return true;
  };
  const authorised = (req: Request, res: Response) => {
    if (!subscriptionOk(req, res)) return false;
    if (!state.tokenValid('mtn', req.get('authorization'))) {
      res.status(401).json({ code: 'UNAUTHORIZED', message: 'Access token is missing, invalid or expired.' });
      return false;
    }
    if (req.get('x-target-environment') !== MOMO.targetEnvironment) {
      err(res, 403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
      return false;
    }
    return true;
  };

  r.post('/collection/token/', (req, res) => {
    if (!subscriptionOk(req, res)) return;
    if (!basicAuthIs(req.get('authorization'), MOMO.apiUser, MOMO.apiKey)) {
      res.status(401).json({ error: 'login_failed', error_description: 'Login failed' });
      return;
    }
    const { token, expiresIn } = state.issueToken('mtn');
    res.status(200).json({ access_token: token, token_type: 'access_token', expires_in: expiresIn });
  });

  r.post('/collection/v1_0/requesttopay', (req, res) => {
    if (!authorised(req, res)) return;
    const referenceId = req.get('x-reference-id') ?? '';
    if (!UUID4.test(referenceId)) return err(res, 400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID version 4.');
    if (state.momo.has(referenceId)) return err(res, 409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation of resource failed.');
    const b = (req.body ?? {}) as Record<string, unknown>;
    const payer = (b.payer ?? {}) as Record<string, unknown>;
    const amount = typeof b.amount === 'string' ? b.amount : typeof b.amount === 'number' ? String(b.amount) : '';
    if (!/^\d+(\.\d+)?$/.test(amount) || Number(amount) <= 0) return err(res, 400, 'INVALID_AMOUNT', 'Amount is invalid.');
    if (b.currency !== MOMO.currency) return err(res, 400, 'INVALID_CURRENCY', 'Currency not supported.');
    if (payer.partyIdType !== 'MSISDN' || typeof payer.partyId !== 'string' || !/^\d{8,15}$/.test(payer.partyId)) {
      return err(res, 400, 'INVALID_PAYER', 'Payer is invalid.');
    }
    for (const field of ['payerMessage', 'payeeNote'] as const) {
      const v = b[field];
      if (v !== undefined && typeof v !== 'string') return err(res, 400, 'INVALID_MESSAGE', `${field} is invalid.`);
      if (typeof v === 'string' && /[&']/.test(v)) return err(res, 400, 'INVALID_MESSAGE', `${field} contains invalid characters.`);
      if (typeof v === 'string' && v.length > 160) return err(res, 400, 'INVALID_MESSAGE', `${field} is longer than 160 characters.`);
      // What production did with an empty note (laravel-mtn-momo#69).
      if (v === undefined || v === '') return err(res, 500, 'INTERNAL_PROCESSING_ERROR', 'An internal error occurred.');
    }
    const callback = req.get('x-callback-url');
    if (callback !== undefined && !/^https?:\/\//.test(callback)) return err(res, 400, 'INVALID_CALLBACK_URL_HOST', 'Callback URL is invalid.');
    const partyId = payer.partyId;
    const request: MomoRequest = {
      referenceId,
      amount,
      currency: String(b.currency),
      externalId: typeof b.externalId === 'string' ? b.externalId : '',
      payer: { partyIdType: 'MSISDN', partyId },
      payerMessage: String(b.payerMessage),
      payeeNote: String(b.payeeNote),
      status: 'PENDING',
      reason: null,
      financialTransactionId: null,
      callbackUrl: callback ?? null,
      createdAt: Date.now(),
      pendingForever: partyId === MOMO_NUMBERS.pendingForever,
    };
    state.momo.set(referenceId, request);
    res.status(202).end();
    // An operator switched to failing (/control/operators) fails every request, as MTN Cameroon does on its bad hours.
    if (state.failing('mtn', normaliseMsisdn(partyId))) return settleMomo(state, request, 'FAILED', 'INTERNAL_PROCESSING_ERROR');
    switch (partyId) {
      case MOMO_NUMBERS.failed:
        return state.operatorAnswers('mtn', normaliseMsisdn(partyId), () => settleMomo(state, request, 'FAILED', 'INTERNAL_PROCESSING_ERROR'));
      case MOMO_NUMBERS.rejected:
        return state.operatorAnswers('mtn', normaliseMsisdn(partyId), () => settleMomo(state, request, 'FAILED', 'APPROVAL_REJECTED'));
      case MOMO_NUMBERS.success:
        return state.operatorAnswers('mtn', normaliseMsisdn(partyId), () => settleMomo(state, request, 'SUCCESSFUL', null));
      case MOMO_NUMBERS.timeout:
      case MOMO_NUMBERS.pendingForever:
        return;
      default:
        state.addPrompt({
          provider: 'mtn',
          msisdn: normaliseMsisdn(partyId),
          amount: Number(amount),
          currency: request.currency,
          description: request.payerMessage,
          paymentKey: referenceId,
        });
    }
  });

  r.get('/collection/v1_0/requesttopay/:ref', (req, res) => {
    if (!authorised(req, res)) return;
    const request = state.momo.get(req.params.ref);
    if (!request) return err(res, 404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
    expireMomo(state, request);
    res.status(200).json(momoStatusBody(state, request));
  });

  return r;
}
