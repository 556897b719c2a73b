/**
 * Orange Money Cameroun merchant payment (USSD push), research/payments.md §1c (B).
 * - token: POST /token (Basic username:password, grant_type=client_credentials) → Bearer.
 * - every call: Bearer + X-AUTH-TOKEN.
 * - charge: POST /omcoreapis/1.0.2/mp/init → `data.payToken`, then POST …/mp/pay
 *   `{notifUrl, channelUserMsisdn, amount:"<int>", subscriberMsisdn (9 digits), pin, orderId, description, payToken}`
 *   → `data{status:"PENDING", inittxnstatus:"200", txnid}`; inittxnstatus "60019" = insufficient balance.
 * - status: GET …/mp/paymentstatus/{payToken} → `data.status` PENDING|SUCCESSFULL|FAILED|EXPIRED;
 *   INITIATED (mp/pay never reached Orange) or no payToken stored = `ChargeNotAtProvider`. The payToken
 *   is handed to `onProviderReference` between mp/init and mp/pay, so "no payToken" means no mp/pay.
 * - resend: GET …/mp/push/{payToken} re-sends the prompt.
 * - notification to notifUrl: body undocumented, unsigned: a nudge only.
 */
import { orangeInitRefused, orangeOutcome } from './statuses';
import { bearerSession, clientSettings, DEFAULT_TIMEOUT_MS, headerValue, msisdnDigits, nudgeBody, pendingAnswer, pickString, promptText, refusedCredentialsAreUnavailable, tokenTroubleIsUnavailable } from './http';
import type { BearerSession, HttpAnswer } from './http';
import { ChargeNotAtProvider, ProviderRejected, ProviderUnavailable } from './port';
import type { ChargeRequest, InboundNotification, NotificationVerdict, PaymentProvider, ProviderAnswer } from './port';

export const ORANGE_MONEY_DEFAULT_BASE_URL = 'https://api-s1.orange.cm';
export const ORANGE_MONEY_API_PREFIX = '/omcoreapis/1.0.2';
export const ORANGE_MONEY_WINDOW_MS = 10 * 60 * 1000;

export interface OrangeMoneyConfig {
  /** https://api-s1.orange.cm, or `${PAYMENT_SANDBOX_URL}/orange`. */
  baseUrl: string;
  username: string;
  password: string;
  /** X-AUTH-TOKEN sent on every call. */
  authToken: string;
  /** The merchant's channel MSISDN (9 digits). */
  channelMsisdn: string;
  /** The merchant channel PIN (never logged). */
  pin: string;
  sandbox: boolean;
  windowMs?: number;
  timeoutMs?: number;
  tokenMarginMs?: number;
  fetchImpl?: typeof fetch;
}

export type OrangeMoneyClient = PaymentProvider & { readonly name: 'orange'; resend: NonNullable<PaymentProvider['resend']> };

/** Orange wants the national 9-digit number: '+237 699 00 00 01' → '699000001'. */
export function orangeSubscriberMsisdn(phone: string): string {
  const digits = msisdnDigits(phone);
  return digits.length > 9 && digits.startsWith('237') ? digits.slice(3) : digits;
}

/** Short plain text for the prompt (the API's tolerance is undocumented: stay conservative). */
function orangeDescription(text: string): string {
  return promptText(text, { max: 120, fallback: 'Paiement LBF' });
}

function orangeCode(body: unknown, status: number): string {
  return pickString(body, 'data', 'inittxnstatus') ?? pickString(body, 'code') ?? `HTTP_${status}`;
}

type OrangeSession = BearerSession<ReturnType<typeof orangeSettings>>;

const orangeSettings = (cfg: OrangeMoneyConfig) => clientSettings(cfg, { timeoutMs: DEFAULT_TIMEOUT_MS, tokenMarginMs: 60_000, windowMs: ORANGE_MONEY_WINDOW_MS });

function orangeSession(cfg: OrangeSession['cfg']): OrangeSession {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  return bearerSession('orange', cfg, {
    token: { url: `${base}/token`, user: cfg.username, secret: cfg.password, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
    url: `${base}${ORANGE_MONEY_API_PREFIX}`,
    headers: { 'x-auth-token': cfg.authToken },
  });
}

function fromStatusBody(res: HttpAnswer, payToken: string): ProviderAnswer {
  const raw = pickString(res.body, 'data', 'status');
  const outcome = orangeOutcome(raw);
  const refused = orangeInitRefused(pickString(res.body, 'data', 'inittxnstatus'));
  const confirm = pickString(res.body, 'data', 'confirmtxnstatus');
  return {
    outcome,
    providerReference: payToken,
    operatorTransactionId: pickString(res.body, 'data', 'txnid'),
    // A bare FAILED (declined on the phone) has no code: null, which the domain reads as declined.
    reasonCode: outcome === 'pending' || outcome === 'completed' ? null : (refused ?? (confirm && confirm !== '200' ? confirm : null)),
    authorizationUrl: null,
    rawStatus: raw,
    exchange: res.exchange,
  };
}

function needPayToken(attempt: { providerReference: string | null }, kind: string): string {
  // No payToken stored: mp/pay was never sent (the payToken is stored before it), so Orange has no
  // request for this attempt; for a status, that is the answer.
  if (!attempt.providerReference) {
    const exchange = { kind, httpStatus: null, body: { error: 'no payToken: mp/pay was never sent' } };
    if (kind === 'orange.status') throw new ChargeNotAtProvider('orange', exchange);
    throw new ProviderRejected('orange', 'NO_PAY_TOKEN', exchange);
  }
  return attempt.providerReference;
}

/** The payToken to pay with: the stored one whose mp/pay never reached Orange, else a new one from mp/init (stored before mp/pay). */
async function payTokenFor(s: OrangeSession, request: ChargeRequest): Promise<{ payToken: string; init: { exchange: { body: unknown } } }> {
  // A payToken whose mp/pay never reached Orange (still INITIATED) is used as it is; else mp/init
  // reserves one: not retried (a lost one is simply never used).
  if (request.providerReference) return { payToken: request.providerReference, init: { exchange: { body: { reused: request.providerReference } } } };
  const answer = await s.call('orange.init', 'POST', '/mp/init', {}, 0);
  const payToken = pickString(answer.body, 'data', 'payToken');
  if (answer.status >= 400 || !payToken) throw new ProviderRejected('orange', orangeCode(answer.body, answer.status), answer.exchange);
  // Stored before mp/pay: after a crash past this point the attempt can still be asked about.
  await request.onProviderReference?.(payToken);
  return { payToken, init: answer };
}

async function orangeCharge(s: OrangeSession, request: ChargeRequest): Promise<ProviderAnswer> {
  if (!request.phone) throw new ProviderRejected('orange', 'SUBSCRIBER_PHONE_MISSING', { kind: 'orange.init', httpStatus: null, body: null });
  const { payToken, init } = await payTokenFor(s, request);
  const body = {
    notifUrl: request.notifyUrl,
    channelUserMsisdn: orangeSubscriberMsisdn(s.cfg.channelMsisdn),
    amount: String(Math.ceil(request.amountXaf)),
    subscriberMsisdn: orangeSubscriberMsisdn(request.phone),
    pin: s.cfg.pin,
    orderId: request.reference,
    description: orangeDescription(request.description),
    payToken,
  };
  // mp/pay pushes a prompt: never retried. A lost answer (timeout, 5xx) is not a failure: the
  // prompt may be on the phone. We answer `pending` with the payToken so the caller stores it and
  // mp/paymentstatus tells the rest (INITIATED, i.e. never reached, stays pending until the window).
  let pay: HttpAnswer;
  try {
    pay = await s.call('orange.pay', 'POST', '/mp/pay', body, 0);
  } catch (err) {
    if (!(err instanceof ProviderUnavailable)) throw err;
    return pendingAnswer(payToken, { kind: 'orange.charge', httpStatus: err.exchange?.httpStatus ?? null, body: { init: init.exchange.body, pay: err.exchange?.body ?? { error: err.message } } });
  }
  const exchange = { kind: 'orange.charge', httpStatus: pay.status, body: { init: init.exchange.body, pay: pay.exchange.body } };
  const refused = orangeInitRefused(pickString(pay.body, 'data', 'inittxnstatus'));
  if (pay.status >= 400 || refused) throw new ProviderRejected('orange', refused ?? orangeCode(pay.body, pay.status), exchange);
  const answer = fromStatusBody(pay, payToken);
  return { ...answer, exchange };
}

async function orangeStatus(s: OrangeSession, attempt: { reference: string; providerReference: string | null }): Promise<ProviderAnswer> {
  const payToken = needPayToken(attempt, 'orange.status');
  const res = await tokenTroubleIsUnavailable(() => s.call('orange.status', 'GET', `/mp/paymentstatus/${encodeURIComponent(payToken)}`, undefined, 2));
  refusedCredentialsAreUnavailable('orange', res);
  if (res.status === 404) throw new ProviderRejected('orange', 'NOT_FOUND', res.exchange);
  if (res.status >= 400) throw new ProviderRejected('orange', orangeCode(res.body, res.status), res.exchange);
  // Reserved by mp/init but mp/pay never reached Orange: no prompt was ever sent.
  if (pickString(res.body, 'data', 'status')?.toUpperCase() === 'INITIATED') throw new ChargeNotAtProvider('orange', res.exchange);
  return fromStatusBody(res, payToken);
}

async function orangeResend(s: OrangeSession, attempt: { reference: string; providerReference: string | null }): Promise<ProviderAnswer> {
  const payToken = needPayToken(attempt, 'orange.push');
  // Re-sending a prompt twice is harmless for the payer (one payment per payToken): retried.
  const res = await s.call('orange.push', 'GET', `/mp/push/${encodeURIComponent(payToken)}`, undefined, 1);
  if (res.status === 404) throw new ProviderRejected('orange', 'NOT_FOUND', res.exchange);
  if (res.status >= 400) throw new ProviderRejected('orange', orangeCode(res.body, res.status), res.exchange);
  return fromStatusBody(res, payToken);
}

function orangeNotification(notification: InboundNotification): NotificationVerdict {
  // Undocumented and unsigned: read what we can, then ask mp/paymentstatus.
  const body = nudgeBody(notification.rawBody);
  const reference = pickString(body, 'orderId') ?? pickString(body, 'data', 'orderId');
  const payToken = pickString(body, 'payToken') ?? pickString(body, 'data', 'payToken') ?? headerValue(notification.headers, 'x-pay-token');
  return { valid: true, signed: false, reference, providerReference: payToken, eventId: null };
}

export function createOrangeMoneyClient(options: OrangeMoneyConfig): OrangeMoneyClient {
  const cfg = orangeSettings(options);
  const s = orangeSession(cfg);
  return {
    name: 'orange',
    sandbox: cfg.sandbox,
    windowMs: cfg.windowMs,
    charge: (request) => orangeCharge(s, request),
    status: (attempt) => orangeStatus(s, attempt),
    resend: (attempt) => orangeResend(s, attempt),
    verifyNotification: orangeNotification,
  };
}
