/**
 * The sandbox's memory: payments of each provider, tokens, the prompts shown on the phone page,
 * the callbacks sent, and the switches tests flip. In memory on purpose: a simulator, not product.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';

export type Provider = 'notchpay' | 'mtn' | 'orange';

export const PROVIDER_LABELS: Record<Provider, string> = { orange: 'Orange Money', mtn: 'MTN Mobile Money', notchpay: 'NotchPay' };

export interface Settings {
  /** Where NotchPay webhooks go (NOTCHPAY_WEBHOOK_URL); null: not sent (recorded as skipped). */
  notchpayWebhookUrl: string | null;
  /** NotchPay webhook hash key (PAYMENT_SANDBOX_WEBHOOK_KEY). */
  webhookKey: string;
  /** How long a payer has to confirm before the payment times out / expires. */
  windowMs: Record<Provider, number>;
  /** Lifetime of the MoMo and Orange tokens, seconds. */
  tokenTtlS: number;
  /** MoMo `reason` as a bare string (some deployments) instead of `{code,message}` (the spec). */
  momoReasonAsString: boolean;
  /** NotchPay's direct charge (PUT) blocks this long before answering. */
  notchpayChargeDelayMs: number;
  /** Name shown on prompts and the hosted page. */
  merchantName: string;
  /** Origin browsers use to reach the sandbox (authorization_url); default: the request's Host. */
  publicUrl: string | null;
  /** How each operator behaves now (POST /control/operators, or the form on the sandbox's page). */
  operators: Record<Provider, OperatorCondition>;
}

/**
 * An operator having a bad hour, for operator-health tests, within each provider's real protocol:
 * - normal: as the payer or the test number decides;
 * - slow: the operator's answer (approved, declined, or a test number's outcome) comes `delayMs`
 *   late; the payment stays pending meanwhile, then ends and its callback goes out (the window's
 *   expiry is not delayed);
 * - failing: every payment fails as soon as the operator is reached (MoMo FAILED
 *   INTERNAL_PROCESSING_ERROR, Orange FAILED, NotchPay `failed`), without a prompt.
 */
export interface OperatorCondition {
  mode: OperatorMode;
  delayMs: number;
  /**
   * Only payments from these payer numbers (international digits, e.g. 237699000001) are affected,
   * so that tests running side by side on one sandbox keep their own; null: every payment.
   */
  numbers: string[] | null;
}

export const OPERATOR_MODES = ['normal', 'slow', 'failing'] as const;
export type OperatorMode = (typeof OPERATOR_MODES)[number];
export const DEFAULT_SLOW_DELAY_MS = 120_000;

export const normalOperators = (): Record<Provider, OperatorCondition> => ({
  notchpay: { mode: 'normal', delayMs: DEFAULT_SLOW_DELAY_MS, numbers: null },
  mtn: { mode: 'normal', delayMs: DEFAULT_SLOW_DELAY_MS, numbers: null },
  orange: { mode: 'normal', delayMs: DEFAULT_SLOW_DELAY_MS, numbers: null },
});

const copySettings = (s: Settings): Settings => ({ ...s, windowMs: { ...s.windowMs }, operators: structuredClone(s.operators) });

export const DEFAULT_WINDOWS: Record<Provider, number> = {
  mtn: 5 * 60 * 1000,
  notchpay: 3 * 60 * 60 * 1000,
  orange: 10 * 60 * 1000,
};

export type CallbackMode = 'drop' | 'twice' | 'late' | 'forged';

export interface Prompt {
  id: string;
  provider: Provider;
  /** International digits, e.g. 237699000005 or 46733123459. */
  msisdn: string;
  amount: number;
  currency: string;
  merchant: string;
  description: string;
  createdAt: number;
  /** The provider payment it belongs to (MoMo X-Reference-Id, Orange payToken, NotchPay reference). */
  paymentKey: string;
  status: 'pending' | 'approved' | 'declined' | 'closed';
}

export interface MomoRequest {
  referenceId: string;
  amount: string;
  currency: string;
  externalId: string;
  payer: { partyIdType: string; partyId: string };
  payerMessage: string;
  payeeNote: string;
  status: 'PENDING' | 'SUCCESSFUL' | 'FAILED';
  reason: string | null;
  financialTransactionId: string | null;
  callbackUrl: string | null;
  createdAt: number;
  /** Never times out (test number 46733123454). */
  pendingForever: boolean;
}

export interface OrangePayment {
  /** Orange's numeric row id (`data.id`). */
  id: number;
  payToken: string;
  createdAt: number;
  /** mp/pay done (a payToken is used once). */
  paid: boolean;
  status: 'INITIATED' | 'PENDING' | 'SUCCESSFULL' | 'FAILED' | 'EXPIRED';
  orderId: string | null;
  amount: string | null;
  subscriberMsisdn: string | null;
  channelUserMsisdn: string | null;
  description: string | null;
  notifUrl: string | null;
  txnid: string | null;
  inittxnstatus: string | null;
  inittxnmessage: string | null;
  confirmtxnstatus: string | null;
  confirmtxnmessage: string | null;
  payCreatedAt: number | null;
}

export interface NotchPayment {
  reference: string;
  merchantReference: string | null;
  amount: number;
  currency: string;
  email: string | null;
  phone: string | null;
  description: string | null;
  callback: string | null;
  status: 'pending' | 'processing' | 'complete' | 'failed' | 'canceled' | 'expired';
  channel: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface SentCallback {
  id: string;
  provider: Provider;
  url: string | null;
  method: 'POST' | 'PUT';
  headers: Record<string, string>;
  body: unknown;
  /** The switch that applied to it, if any. */
  mode: CallbackMode | null;
  /** True when the body/signature were forged on purpose. */
  forged: boolean;
  at: string;
  outcome: 'pending' | 'delivered' | 'failed' | 'dropped' | 'skipped';
  httpStatus: number | null;
  error: string | null;
}

export class SandboxState {
  momo = new Map<string, MomoRequest>();
  orange = new Map<string, OrangePayment>();
  notchpay = new Map<string, NotchPayment>();
  /** NotchPay merchant reference → NotchPay reference. */
  notchpayByMerchantRef = new Map<string, string>();
  prompts = new Map<string, Prompt>();
  /** token → expiry (ms since epoch), per provider. */
  tokens = new Map<string, { provider: Provider; expiresAt: number }>();
  sent: SentCallback[] = [];
  nextCallback: { mode: CallbackMode; delayMs: number } | null = null;
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    public settings: Settings,
    private readonly initial: Settings = copySettings(settings),
  ) {}

  reset(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.momo.clear();
    this.orange.clear();
    this.notchpay.clear();
    this.notchpayByMerchantRef.clear();
    this.prompts.clear();
    this.tokens.clear();
    this.sent = [];
    this.nextCallback = null;
    this.settings = copySettings(this.initial);
  }

  later(ms: number, fn: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  /** The provider's condition for a payment from `msisdn` (international digits; '' when unknown). */
  private conditionFor(provider: Provider, msisdn: string): OperatorCondition['mode'] {
    const c = this.settings.operators[provider];
    return c.numbers === null || c.numbers.includes(msisdn) ? c.mode : 'normal';
  }

  /** True when the provider is switched to failing for this payer: the payment fails once the operator is reached. */
  failing(provider: Provider, msisdn: string): boolean {
    return this.conditionFor(provider, msisdn) === 'failing';
  }

  /**
   * Runs `answer` (a payment ending as the payer or a test number decided) when the operator gives
   * it: now, or `delayMs` later when it is slow (the payment stays pending meanwhile).
   */
  operatorAnswers(provider: Provider, msisdn: string, answer: () => void): void {
    const { delayMs } = this.settings.operators[provider];
    if (this.conditionFor(provider, msisdn) === 'slow' && delayMs > 0) this.later(delayMs, answer);
    else answer();
  }

  stopTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  issueToken(provider: Provider): { token: string; expiresIn: number } {
    const token = `${provider}-${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, { provider, expiresAt: Date.now() + this.settings.tokenTtlS * 1000 });
    return { token, expiresIn: this.settings.tokenTtlS };
  }

  tokenValid(provider: Provider, authorization: string | undefined): boolean {
    const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
    if (!m) return false;
    const t = this.tokens.get(m[1]);
    return !!t && t.provider === provider && t.expiresAt > Date.now();
  }

  addPrompt(p: Omit<Prompt, 'id' | 'createdAt' | 'status' | 'merchant'>): Prompt {
    // One live prompt per payment: a re-send replaces the old one.
    for (const old of this.prompts.values()) if (old.paymentKey === p.paymentKey && old.status === 'pending') old.status = 'closed';
    const prompt: Prompt = { ...p, id: randomUUID(), createdAt: Date.now(), status: 'pending', merchant: this.settings.merchantName };
    this.prompts.set(prompt.id, prompt);
    return prompt;
  }

  closePrompts(paymentKey: string): void {
    for (const p of this.prompts.values()) if (p.paymentKey === paymentKey && p.status === 'pending') p.status = 'closed';
  }

  pendingPrompts(msisdn?: string): Prompt[] {
    return [...this.prompts.values()].filter((p) => p.status === 'pending' && (!msisdn || p.msisdn === msisdn)).sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Sends a callback/webhook the way the provider does (once, no retry), unless the next-callback
   * switch says otherwise: drop (recorded, not sent), twice, late (after delayMs), forged.
   * `forge` gives the forged variant (body claiming success, bad signature for NotchPay).
   */
  deliver(
    provider: Provider,
    url: string | null,
    method: 'POST' | 'PUT',
    body: unknown,
    opts: { sign?: boolean; forge?: () => unknown } = {},
  ): void {
    const sw = this.nextCallback;
    this.nextCallback = null;
    const forged = sw?.mode === 'forged';
    const payload = forged && opts.forge ? opts.forge() : body;
    const raw = JSON.stringify(payload);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.sign) {
      // Forged: signed with a key that is not the shared one.
      const key = forged ? `forged-${randomBytes(8).toString('hex')}` : this.settings.webhookKey;
      headers['x-notch-signature'] = createHmac('sha256', key).update(raw).digest('hex');
    }
    const record = (): SentCallback => {
      const r: SentCallback = {
        id: randomUUID(),
        provider,
        url,
        method,
        headers,
        body: payload,
        mode: sw?.mode ?? null,
        forged,
        at: new Date().toISOString(),
        outcome: 'pending',
        httpStatus: null,
        error: null,
      };
      this.sent.push(r);
      return r;
    };
    const send = async () => {
      const r = record();
      if (!url) {
        r.outcome = 'skipped';
        r.error = 'no callback URL';
        return;
      }
      try {
        const res = await fetch(url, { method, headers, body: raw, signal: AbortSignal.timeout(10_000) });
        await res.arrayBuffer().catch(() => undefined);
        r.httpStatus = res.status;
        r.outcome = res.ok ? 'delivered' : 'failed';
      } catch (err) {
        r.outcome = 'failed';
        r.error = err instanceof Error ? err.message : String(err);
      }
    };
    // Providers call back shortly after the state changes, never inside the API answer.
    const soon = 20;
    switch (sw?.mode) {
      case 'drop': {
        const r = record();
        r.outcome = 'dropped';
        return;
      }
      case 'twice':
        this.later(soon, () => void send());
        this.later(soon + 50, () => void send());
        return;
      case 'late':
        this.later(sw.delayMs, () => void send());
        return;
      default:
        this.later(soon, () => void send());
    }
  }
}

export const randomDigits = (n: number) => Array.from(randomBytes(n), (b) => String(b % 10)).join('').replace(/^0/, '1');
