import { verifyNotchPayWebhook } from '../src/providers/notchpay';
import { ChargeNotAtProvider, ProviderUnavailable } from '../src/providers/port';
import type { ChargeRequest, InboundNotification, NotificationVerdict, PaymentProvider, ProviderAnswer, ProviderName, ProviderOutcome } from '../src/providers/port';

/** The NotchPay webhook hash key of the fakes (and of the sandbox in the end-to-end tests). */
export const WEBHOOK_KEY = 'test-webhook-hash-key';

interface FakePayment {
  request: ChargeRequest;
  outcome: ProviderOutcome;
  reasonCode: string | null;
  operatorTransactionId: string | null;
  providerReference: string;
}

/**
 * A provider whose answers the test decides: charges are remembered as pending, `settleAt`
 * changes what `status` says next. Counts every call, can be made unreachable.
 */
export class FakeProvider implements PaymentProvider {
  readonly payments = new Map<string, FakePayment>();
  readonly calls: Array<{ kind: string; reference: string }> = [];
  unavailable = false;
  /** What `charge` answers right away (e.g. 'completed' for a test number). */
  chargeOutcome: ProviderOutcome = 'pending';
  cancel?: PaymentProvider['cancel'];
  resend?: PaymentProvider['resend'];

  constructor(
    readonly name: ProviderName,
    readonly windowMs = 5 * 60_000,
    readonly sandbox = true,
  ) {
    this.resend = async (attempt) => this.answer('resend', attempt.reference);
    this.cancel = async (attempt) => {
      this.calls.push({ kind: 'cancel', reference: attempt.reference });
    };
  }

  async charge(request: ChargeRequest): Promise<ProviderAnswer> {
    this.calls.push({ kind: 'charge', reference: request.reference });
    if (this.unavailable) throw new ProviderUnavailable(this.name, 'down', { kind: 'charge', httpStatus: 503, body: null });
    if (!this.payments.has(request.reference)) {
      this.payments.set(request.reference, {
        request,
        outcome: this.chargeOutcome,
        reasonCode: null,
        operatorTransactionId: this.chargeOutcome === 'completed' ? `OP-${request.reference.slice(0, 8)}` : null,
        providerReference: `prov-${request.reference}`,
      });
    }
    return this.answer('charge', request.reference);
  }

  async status(attempt: { reference: string }): Promise<ProviderAnswer> {
    return this.answer('status', attempt.reference);
  }

  /** The customer paid (or not) on their phone. */
  settleAt(reference: string, outcome: ProviderOutcome, reasonCode: string | null = null, operatorTransactionId: string | null = null): void {
    const p = this.payments.get(reference);
    if (!p) throw new Error(`no payment ${reference}`);
    p.outcome = outcome;
    p.reasonCode = reasonCode;
    p.operatorTransactionId = operatorTransactionId ?? (outcome === 'completed' ? `OP-${reference.slice(0, 8)}` : null);
  }

  verifyNotification(n: InboundNotification): NotificationVerdict {
    if (this.name === 'notchpay') return verifyNotchPayWebhook(n.rawBody, n.headers, WEBHOOK_KEY);
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(n.rawBody.toString('utf8')) as Record<string, unknown>;
    } catch {
      /* a nudge all the same */
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : null);
    return { valid: true, signed: false, reference: str(body.externalId) ?? str(body.orderId), providerReference: str(body.payToken), eventId: null };
  }

  count(kind: string): number {
    return this.calls.filter((c) => c.kind === kind).length;
  }

  private answer(kind: string, reference: string): ProviderAnswer {
    if (kind !== 'charge') this.calls.push({ kind, reference });
    if (this.unavailable) throw new ProviderUnavailable(this.name, 'down', { kind, httpStatus: 503, body: null });
    const p = this.payments.get(reference);
    // Like the real ones: no request under this reference (the charge never reached the provider).
    if (!p) throw new ChargeNotAtProvider(this.name, { kind, httpStatus: 404, body: { code: 'RESOURCE_NOT_FOUND' } });
    return {
      outcome: p.outcome,
      providerReference: p.providerReference,
      operatorTransactionId: p.operatorTransactionId,
      reasonCode: p.reasonCode,
      authorizationUrl: this.name === 'notchpay' ? `https://pay.example/${reference}` : null,
      rawStatus: p.outcome,
      exchange: { kind, httpStatus: 200, body: { status: p.outcome, reference } },
    };
  }
}
