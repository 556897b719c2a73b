/**
 * The one shape every payment provider client has, so that checkout, the poller, "Vérifier",
 * webhooks and the admin re-check never look at which provider they talk to.
 *
 * A client speaks its provider's real HTTP protocol (research/payments.md); whether it talks to
 * the real endpoint or to the sandbox is only its base URL and credentials (config). Clients
 * throw `ProviderUnavailable` when the provider could not be reached or answered 5xx (the caller
 * keeps the attempt pending and asks again later), and never retry a call that is not safe to retry.
 */
import type { PaymentProviderName } from '@lbf/service-kit';
import type { ProviderOutcome } from '../shared/order-state';

/** The kit's list (services/kit/src/payment-providers.ts), shared with the gateway's relay and the sandbox. */
export type ProviderName = PaymentProviderName;

export type { ProviderOutcome };

/** What we ask a provider to charge. `reference` is ours, generated and persisted before the call. */
export interface ChargeRequest {
  /** Our attempt reference: NotchPay `reference`, MoMo `X-Reference-Id` (uuid4), Orange `orderId`. */
  reference: string;
  orderId: string;
  amountXaf: number;
  /** E.164 (Orange, MTN; NotchPay's direct charge). */
  phone: string | null;
  /** Buyer e-mail (NotchPay requires email or phone). */
  email: string;
  /** Short text for the payer's prompt / statement (no `&` or `'`, ≤ 160 chars for MoMo). */
  description: string;
  /** Where the provider should notify us (our webhook/callback URL). */
  notifyUrl: string;
  /** Where the browser returns after NotchPay's hosted page. */
  returnUrl: string;
  /**
   * The provider's reference already stored for this attempt (Orange: a payToken from an earlier
   * mp/init whose mp/pay never reached Orange); the client reuses it instead of making a new one.
   */
  providerReference?: string | null;
  /**
   * Called with the provider's reference as soon as it exists, before the request that reaches the
   * payer (Orange: the payToken between mp/init and mp/pay), so that a crash after it leaves the
   * attempt with a reference the provider can be asked about.
   */
  onProviderReference?: (providerReference: string) => Promise<void>;
}

/** The provider's answer to a charge or a status request, raw body kept for the log. */
export interface ProviderAnswer {
  outcome: ProviderOutcome;
  /** The provider's own id for the payment when it gives one (NotchPay reference, Orange payToken). */
  providerReference: string | null;
  /** MoMo financialTransactionId, Orange txnid, NotchPay reference: shown on the receipt. */
  operatorTransactionId: string | null;
  /** The provider's reason code when it is not paid (e.g. NOT_ENOUGH_FUNDS, APPROVAL_REJECTED, 60019). */
  reasonCode: string | null;
  /** NotchPay hosted page. */
  authorizationUrl: string | null;
  /** Provider's raw status string (e.g. SUCCESSFULL, complete). */
  rawStatus: string | null;
  exchange: { kind: string; httpStatus: number | null; body: unknown };
}

export class ProviderUnavailable extends Error {
  constructor(
    readonly provider: ProviderName,
    message: string,
    readonly exchange?: { kind: string; httpStatus: number | null; body: unknown },
  ) {
    super(message);
    this.name = 'ProviderUnavailable';
  }
}

/** A request the provider refused (4xx other than "already exists"): the attempt fails with this code. */
export class ProviderRejected extends Error {
  constructor(
    readonly provider: ProviderName,
    readonly reasonCode: string,
    readonly exchange: { kind: string; httpStatus: number | null; body: unknown },
  ) {
    super(`${provider} refused: ${reasonCode}`);
    this.name = 'ProviderRejected';
  }
}

/**
 * The provider's answer to a status request: it has no payment request for our reference (MoMo
 * and NotchPay 404 on it; Orange: no payToken stored, or a payToken still INITIATED, i.e. mp/pay
 * never reached it). The charge was never made (e.g. the process died between committing the
 * attempt and calling the provider): commerce sends it then, or ends the attempt
 * (settlement/attempts.ts `recoverUnsentCharge`). A subclass of ProviderRejected so that any
 * other caller keeps treating it as "no usable answer".
 */
export class ChargeNotAtProvider extends ProviderRejected {
  constructor(provider: ProviderName, exchange: { kind: string; httpStatus: number | null; body: unknown }) {
    super(provider, 'CHARGE_NOT_AT_PROVIDER', exchange);
    this.name = 'ChargeNotAtProvider';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** True when configured against the built-in sandbox (no real credentials). */
  readonly sandbox: boolean;
  /** How long a customer has to confirm (MoMo 5 min, NotchPay 3 h, Orange its expiry). */
  readonly windowMs: number;
  /**
   * Starts the charge. MTN: requesttopay (409 on our X-Reference-Id means already created: fine).
   * Orange: mp/init then mp/pay. NotchPay: initialize (hosted page); the direct mobile-money
   * charge (PUT /payments/{ref}) is `pushCharge`, run as a job because it blocks 5-30 s.
   */
  charge(request: ChargeRequest): Promise<ProviderAnswer>;
  /** Asks the provider where the payment is (the truth; callbacks are only nudges). */
  status(attempt: { reference: string; providerReference: string | null }): Promise<ProviderAnswer>;
  /** Re-sends the prompt to the phone (Orange mp/push); undefined when the provider has none. */
  resend?(attempt: { reference: string; providerReference: string | null }): Promise<ProviderAnswer>;
  /** NotchPay direct charge on the customer's phone (channel cm.mtn / cm.orange), slow: a job. */
  pushCharge?(attempt: { reference: string; providerReference: string | null; phone: string; channel: 'cm.mtn' | 'cm.orange' }): Promise<ProviderAnswer>;
  /** Tells the provider we give up (NotchPay DELETE); undefined when there is nothing to call. */
  cancel?(attempt: { reference: string; providerReference: string | null }): Promise<void>;
  /**
   * Reads an inbound webhook/callback for this provider (added by wt-payments: the port had no way
   * to reach the verification). NotchPay: checks `x-notch-signature`; MoMo/Orange: unsigned, parsed
   * for a reference only (`signed: false`, a nudge). Pure: changes nothing, never throws.
   */
  verifyNotification(notification: InboundNotification): NotificationVerdict;
}

/**
 * A webhook/callback as received: the raw body bytes (signatures are over them) and headers.
 * `verify` says whether it is authentic and which of our references it is about; it changes nothing.
 * Unsigned ones (MoMo, Orange) come back `signed: false` and are only a reason to call `status`.
 */
export interface InboundNotification {
  provider: ProviderName;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

export type NotificationVerdict =
  | { valid: true; signed: boolean; reference: string | null; providerReference: string | null; eventId: string | null }
  /** Refused (e.g. a bad signature); the references its body names, unverified, only to keep it beside that attempt as evidence. */
  | { valid: false; reason: string; reference?: string | null; providerReference?: string | null };
