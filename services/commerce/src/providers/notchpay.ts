/**
 * NotchPay client (https://api.notchpay.co), research/payments.md §1a.
 * - `Authorization: <public key>` (no Bearer).
 * - charge = POST /payments/initialize → 201 `{transaction:{reference,…}, authorization_url}` (hosted page).
 * - pushCharge = PUT /payments/{ref} `{channel:'cm.mtn'|'cm.orange', data:{phone}}` → 202; blocks 5–30 s.
 * - status = GET /payments/{ref}, status at `transaction.status`; 404 = never initialized
 *   (`ChargeNotAtProvider`), and initializing then is safe (our reference is unique there: 409 → read back).
 * - cancel = DELETE /payments/{ref}.
 * - webhook: `x-notch-signature` = hex HMAC-SHA256(raw body, webhook hash key).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { notchPayEventOutcome, notchPayOutcome } from './statuses';
import { clientSettings, DEFAULT_TIMEOUT_MS, headerValue, httpCall, pick, pickString, refusedCredentialsAreUnavailable, type HttpAnswer } from './http';
import { ChargeNotAtProvider, ProviderRejected } from './port';
import type { ChargeRequest, InboundNotification, NotificationVerdict, PaymentProvider, ProviderAnswer, ProviderOutcome } from './port';

export const NOTCHPAY_DEFAULT_BASE_URL = 'https://api.notchpay.co';
export const NOTCHPAY_WINDOW_MS = 3 * 60 * 60 * 1000;
/** The direct charge blocks while NotchPay reaches the operator. */
export const NOTCHPAY_PUSH_TIMEOUT_MS = 45_000;
export const NOTCHPAY_SIGNATURE_HEADER = 'x-notch-signature';

export interface NotchPayConfig {
  /** https://api.notchpay.co, or `${PAYMENT_SANDBOX_URL}/notchpay`. */
  baseUrl: string;
  /** `pk.…` / `pk_test.…` (sandbox: `pk_test.sandbox`). */
  publicKey: string;
  /** The webhook Hash Key of the NotchPay dashboard (sandbox: PAYMENT_SANDBOX_WEBHOOK_KEY). */
  webhookHashKey: string;
  sandbox: boolean;
  /** ISO currency charged; XAF. */
  currency?: string;
  windowMs?: number;
  timeoutMs?: number;
  pushTimeoutMs?: number;
  fetchImpl?: typeof fetch;
}

export type NotchPayClient = PaymentProvider & {
  readonly name: 'notchpay';
  pushCharge: NonNullable<PaymentProvider['pushCharge']>;
  cancel: NonNullable<PaymentProvider['cancel']>;
};

/** What a NotchPay webhook says, read defensively (`event` in production code, `type` in the new docs). */
export interface NotchPayWebhook {
  eventId: string | null;
  event: string | null;
  status: string | null;
  /** Outcome from `data.status`, else from the event name. */
  outcome: ProviderOutcome | null;
  /** Ours (`merchant_reference`). */
  reference: string | null;
  /** NotchPay's (`trx.…`). */
  providerReference: string | null;
}

export function parseNotchPayWebhook(body: unknown): NotchPayWebhook {
  const event = pickString(body, 'event') ?? pickString(body, 'type');
  const status = pickString(body, 'data', 'status') ?? pickString(body, 'data', 'transaction', 'status');
  return {
    eventId: pickString(body, 'id'),
    event,
    status,
    outcome: status ? notchPayOutcome(status) : notchPayEventOutcome(event),
    reference: pickString(body, 'data', 'merchant_reference') ?? pickString(body, 'data', 'transaction', 'merchant_reference'),
    providerReference: pickString(body, 'data', 'reference') ?? pickString(body, 'data', 'transaction', 'reference'),
  };
}

/** Hex HMAC-SHA256 of the raw body with the webhook hash key: what `x-notch-signature` carries. */
export function notchPaySignature(rawBody: Buffer | string, hashKey: string): string {
  return createHmac('sha256', hashKey).update(rawBody).digest('hex');
}

/** The references an unverified body names (never believed; only to file a forgery beside its attempt). */
function namedIn(rawBody: Buffer): { reference: string | null; providerReference: string | null } {
  try {
    const hook = parseNotchPayWebhook(JSON.parse(rawBody.toString('utf8')));
    return { reference: hook.reference, providerReference: hook.providerReference };
  } catch {
    return { reference: null, providerReference: null };
  }
}

/**
 * Checks `x-notch-signature` over the raw bytes (length first, then constant-time), then reads the
 * references. Never throws; answers without detail beyond a short reason for our own log.
 */
export function verifyNotchPayWebhook(
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  hashKey: string,
): NotificationVerdict {
  if (!hashKey) return { valid: false, reason: 'no webhook hash key configured' };
  const given = headerValue(headers, NOTCHPAY_SIGNATURE_HEADER)?.trim().toLowerCase();
  if (!given) return { valid: false, reason: 'missing signature', ...namedIn(rawBody) };
  const expected = Buffer.from(notchPaySignature(rawBody, hashKey), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return { valid: false, reason: 'bad signature', ...namedIn(rawBody) };
  let body: unknown;
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return { valid: false, reason: 'body is not JSON' };
  }
  const hook = parseNotchPayWebhook(body);
  return { valid: true, signed: true, reference: hook.reference, providerReference: hook.providerReference, eventId: hook.eventId };
}

function rejectionCode(res: HttpAnswer): string {
  // NotchPay errors: {code, status:"Unprocessable Entity", message, errors?}
  return `HTTP_${res.status}`;
}

type NotchPayCall = (kind: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, extra?: { retries?: number; timeoutMs?: number }) => Promise<HttpAnswer>;

/** A client's connection: its settings (every default filled here, once) and its authorised call. */
type NotchPaySettings = ReturnType<typeof notchPaySettings>;

interface NotchPaySession {
  cfg: NotchPaySettings;
  call: NotchPayCall;
}

const notchPaySettings = (cfg: NotchPayConfig) =>
  clientSettings(cfg, { timeoutMs: DEFAULT_TIMEOUT_MS, windowMs: NOTCHPAY_WINDOW_MS, currency: 'XAF', pushTimeoutMs: NOTCHPAY_PUSH_TIMEOUT_MS });

function notchPaySession(cfg: NotchPaySettings): NotchPaySession {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const call: NotchPayCall = (kind, method, path, body, extra = {}) =>
    httpCall({
      provider: 'notchpay',
      kind,
      method,
      url: `${base}${path}`,
      headers: { authorization: cfg.publicKey },
      body,
      timeoutMs: extra.timeoutMs ?? cfg.timeoutMs,
      retries: extra.retries ?? 0,
      fetchImpl: cfg.fetchImpl,
    });
  return { cfg, call };
}

function fromTransaction(res: HttpAnswer): ProviderAnswer {
  const status = pickString(res.body, 'transaction', 'status');
  const providerRef = pickString(res.body, 'transaction', 'reference');
  return {
    outcome: notchPayOutcome(status),
    providerReference: providerRef,
    operatorTransactionId: providerRef,
    reasonCode: status && notchPayOutcome(status) !== 'pending' && notchPayOutcome(status) !== 'completed' ? status : null,
    authorizationUrl: pickString(res.body, 'authorization_url'),
    rawStatus: status,
    exchange: res.exchange,
  };
}

async function notchPayStatus(s: NotchPaySession, attempt: { reference: string; providerReference: string | null }): Promise<ProviderAnswer> {
  const ref = attempt.providerReference ?? attempt.reference;
  const res = await s.call('notchpay.status', 'GET', `/payments/${encodeURIComponent(ref)}`, undefined, { retries: 2 });
  refusedCredentialsAreUnavailable('notchpay', res);
  // No payment with this reference: /payments/initialize never reached NotchPay.
  if (res.status === 404) throw new ChargeNotAtProvider('notchpay', res.exchange);
  if (res.status >= 400) throw new ProviderRejected('notchpay', rejectionCode(res), res.exchange);
  return fromTransaction(res);
}

async function notchPayCharge(s: NotchPaySession, request: ChargeRequest): Promise<ProviderAnswer> {
  const body: Record<string, unknown> = {
    amount: Math.ceil(request.amountXaf),
    currency: s.cfg.currency,
    email: request.email,
    description: request.description,
    callback: request.returnUrl,
    reference: request.reference,
  };
  if (request.phone) body.phone = request.phone;
  // Not retried: a lost answer is found again by GET on our reference (unique at NotchPay).
  const res = await s.call('notchpay.initialize', 'POST', '/payments/initialize', body);
  if (res.status === 409) {
    // Our reference already exists there: an earlier try went through. Read it back.
    const existing = await notchPayStatus(s, { reference: request.reference, providerReference: null });
    return { ...existing, exchange: { ...existing.exchange, kind: 'notchpay.initialize.existing' } };
  }
  if (res.status >= 400) throw new ProviderRejected('notchpay', rejectionCode(res), res.exchange);
  const answer = fromTransaction(res);
  if (!answer.authorizationUrl) throw new ProviderRejected('notchpay', 'NO_AUTHORIZATION_URL', res.exchange);
  return answer;
}

async function notchPayPush(s: NotchPaySession, attempt: Parameters<NonNullable<PaymentProvider['pushCharge']>>[0]): Promise<ProviderAnswer> {
  const ref = attempt.providerReference ?? attempt.reference;
  // Not retried (a second PUT would push a second prompt); long timeout: it blocks.
  const res = await s.call(
    'notchpay.charge',
    'PUT',
    `/payments/${encodeURIComponent(ref)}`,
    { channel: attempt.channel, data: { phone: attempt.phone } },
    { timeoutMs: s.cfg.pushTimeoutMs },
  );
  if (res.status >= 400) throw new ProviderRejected('notchpay', rejectionCode(res), res.exchange);
  // 202 {action:"confirm", message}: the customer confirms on the phone; the status says the rest.
  const txStatus = pickString(res.body, 'transaction', 'status');
  return {
    outcome: txStatus ? notchPayOutcome(txStatus) : 'pending',
    providerReference: attempt.providerReference ?? pickString(res.body, 'transaction', 'reference'),
    operatorTransactionId: pickString(res.body, 'transaction', 'reference') ?? attempt.providerReference,
    reasonCode: null,
    authorizationUrl: null,
    rawStatus: txStatus ?? (typeof pick(res.body, 'action') === 'string' ? String(pick(res.body, 'action')) : null),
    exchange: res.exchange,
  };
}

async function notchPayCancel(s: NotchPaySession, attempt: { reference: string; providerReference: string | null }): Promise<void> {
  const ref = attempt.providerReference ?? attempt.reference;
  const res = await s.call('notchpay.cancel', 'DELETE', `/payments/${encodeURIComponent(ref)}`);
  // Unknown or already finished: nothing left to cancel.
  if (res.status >= 400 && res.status !== 404 && res.status !== 409 && res.status !== 422) {
    throw new ProviderRejected('notchpay', rejectionCode(res), res.exchange);
  }
}

export function createNotchPayClient(options: NotchPayConfig): NotchPayClient {
  const cfg = notchPaySettings(options);
  const s = notchPaySession(cfg);
  return {
    name: 'notchpay',
    sandbox: cfg.sandbox,
    windowMs: cfg.windowMs,
    charge: (request) => notchPayCharge(s, request),
    status: (attempt) => notchPayStatus(s, attempt),
    pushCharge: (attempt) => notchPayPush(s, attempt),
    cancel: (attempt) => notchPayCancel(s, attempt),
    verifyNotification: (notification: InboundNotification) => verifyNotchPayWebhook(notification.rawBody, notification.headers, cfg.webhookHashKey),
  };
}
