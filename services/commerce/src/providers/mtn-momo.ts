/**
 * MTN MoMo Collection client, research/payments.md §1b.
 * - token: POST /collection/token/ (Basic apiUser:apiKey + Ocp-Apim-Subscription-Key) → `{access_token, expires_in}`,
 *   cached until expiry minus a margin, one refresh in flight at a time.
 * - charge: POST /collection/v1_0/requesttopay with X-Reference-Id = our attempt reference (uuid4,
 *   persisted before the call), so a retry reuses it; 202 = accepted; 409 RESOURCE_ALREADY_EXIST =
 *   an earlier try got through (then GET).
 * - status: GET /collection/v1_0/requesttopay/{ref}; `reason` is `{code,message}` or a string; 404 =
 *   no such request (never made): `ChargeNotAtProvider`, and sending it then is safe (same reference).
 * - callback: PUT or POST to X-Callback-Url, once, unsigned: a nudge only.
 */
import { mtnOutcome, mtnReasonCode } from './statuses';
import { bearerSession, clientSettings, DEFAULT_TIMEOUT_MS, headerValue, msisdnDigits, nudgeBody, pendingAnswer, pickString, promptText, refusedCredentialsAreUnavailable, tokenTroubleIsUnavailable } from './http';
import type { BearerSession } from './http';
import { ChargeNotAtProvider, ProviderRejected } from './port';
import type { ChargeRequest, InboundNotification, NotificationVerdict, PaymentProvider, ProviderAnswer } from './port';

export const MTN_MOMO_DEFAULT_BASE_URL = 'https://proxy.momoapi.mtn.com';
export const MTN_MOMO_WINDOW_MS = 5 * 60 * 1000;
/** MoMo refuses notes with these characters or longer than this (400), and an empty note gave 500. */
export const MTN_NOTE_MAX = 160;

export interface MtnMomoConfig {
  /** https://proxy.momoapi.mtn.com, or `${PAYMENT_SANDBOX_URL}/momo`. */
  baseUrl: string;
  apiUser: string;
  apiKey: string;
  subscriptionKey: string;
  /** mtncameroon in production. */
  targetEnvironment: string;
  /** XAF in Cameroon. */
  currency: string;
  sandbox: boolean;
  windowMs?: number;
  timeoutMs?: number;
  /** Refresh the token this long before it expires (default 60 s). */
  tokenMarginMs?: number;
  fetchImpl?: typeof fetch;
}

export type MtnMomoClient = PaymentProvider & { readonly name: 'mtn' };

const UUID4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
export const isUuid4 = (s: string) => UUID4.test(s);

/**
 * A payer message / payee note MoMo accepts: no `&` or `'` (400), plain ASCII (it goes to a USSD
 * prompt), ≤ 160 characters, never empty (500 in production).
 */
export function momoNote(text: string, fallback = 'Paiement LBF'): string {
  return promptText(text, { max: MTN_NOTE_MAX, fallback, forbidden: /[&'’‘"<>\\]/g });
}

function reasonFromBody(body: unknown): string | null {
  // Errors: {code:"RESOURCE_ALREADY_EXIST", message} (or {reason}).
  return pickString(body, 'code') ?? mtnReasonCode((body as Record<string, unknown> | null)?.reason) ?? null;
}

type MomoSession = BearerSession<ReturnType<typeof momoSettings>>;

const momoSettings = (cfg: MtnMomoConfig) => clientSettings(cfg, { timeoutMs: DEFAULT_TIMEOUT_MS, tokenMarginMs: 60_000, windowMs: MTN_MOMO_WINDOW_MS });

function momoSession(cfg: MomoSession['cfg']): MomoSession {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  return bearerSession('mtn', cfg, {
    token: { url: `${base}/collection/token/`, user: cfg.apiUser, secret: cfg.apiKey, headers: { 'ocp-apim-subscription-key': cfg.subscriptionKey }, body: '' },
    url: base,
    headers: { 'x-target-environment': cfg.targetEnvironment, 'ocp-apim-subscription-key': cfg.subscriptionKey },
  });
}

async function momoStatus(s: MomoSession, attempt: { reference: string; providerReference: string | null }): Promise<ProviderAnswer> {
  const ref = attempt.providerReference ?? attempt.reference;
  const res = await tokenTroubleIsUnavailable(() => s.call('mtn.status', 'GET', `/collection/v1_0/requesttopay/${encodeURIComponent(ref)}`, undefined, 2));
  refusedCredentialsAreUnavailable('mtn', res);
  // MoMo has no request with this X-Reference-Id: requesttopay never reached it.
  if (res.status === 404) throw new ChargeNotAtProvider('mtn', res.exchange);
  if (res.status >= 400) throw new ProviderRejected('mtn', reasonFromBody(res.body) ?? `HTTP_${res.status}`, res.exchange);
  const b = res.body as Record<string, unknown> | null;
  const raw = pickString(b, 'status');
  const outcome = mtnOutcome(raw, b?.reason);
  return {
    outcome,
    providerReference: ref,
    operatorTransactionId: pickString(b, 'financialTransactionId'),
    reasonCode: outcome === 'pending' || outcome === 'completed' ? null : (mtnReasonCode(b?.reason) ?? raw),
    authorizationUrl: null,
    rawStatus: raw,
    exchange: res.exchange,
  };
}

async function momoCharge(s: MomoSession, request: ChargeRequest): Promise<ProviderAnswer> {
  if (!request.phone) throw new ProviderRejected('mtn', 'PAYER_PHONE_MISSING', { kind: 'mtn.requesttopay', httpStatus: null, body: null });
  const note = momoNote(request.description);
  const headers: Record<string, string> = { 'x-reference-id': request.reference };
  if (request.notifyUrl) headers['x-callback-url'] = request.notifyUrl;
  const body = {
    amount: String(Math.ceil(request.amountXaf)),
    currency: s.cfg.currency,
    externalId: request.reference,
    payer: { partyIdType: 'MSISDN', partyId: msisdnDigits(request.phone) },
    payerMessage: note,
    payeeNote: note,
  };
  // Safe to retry: the same X-Reference-Id can only create one request (409 on the second).
  const res = await s.call('mtn.requesttopay', 'POST', '/collection/v1_0/requesttopay', body, 2, headers);
  if (res.status === 409) {
    // RESOURCE_ALREADY_EXIST: an earlier try with this reference was created. Ask where it is.
    const existing = await momoStatus(s, { reference: request.reference, providerReference: request.reference });
    return { ...existing, exchange: { kind: 'mtn.requesttopay', httpStatus: 409, body: { first: res.exchange.body, status: existing.exchange.body } } };
  }
  if (res.status >= 400) throw new ProviderRejected('mtn', reasonFromBody(res.body) ?? `HTTP_${res.status}`, res.exchange);
  return pendingAnswer(request.reference, res.exchange);
}

function momoNotification(notification: InboundNotification): NotificationVerdict {
  // Unsigned and sent once: it only tells us which attempt to ask about.
  const body = nudgeBody(notification.rawBody);
  const header = headerValue(notification.headers, 'x-reference-id');
  const externalId = pickString(body, 'externalId');
  const reference = externalId ?? header;
  return { valid: true, signed: false, reference, providerReference: header ?? reference, eventId: null };
}

export function createMtnMomoClient(options: MtnMomoConfig): MtnMomoClient {
  const cfg = momoSettings(options);
  const s = momoSession(cfg);
  return {
    name: 'mtn',
    sandbox: cfg.sandbox,
    windowMs: cfg.windowMs,
    charge: (request) => momoCharge(s, request),
    status: (attempt) => momoStatus(s, attempt),
    verifyNotification: momoNotification,
  };
}
