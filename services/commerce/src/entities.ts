import type { PaymentProviderName } from '@lbf/service-kit';
import type { AttemptStatus, OrderStatus } from './shared/order-state';

/*
 * Commerce's tables as records: the columns of the migrations (src/migrations/) in camelCase. The
 * tables are read and written with SQL through the EntityManager (each module's store.ts, rows
 * turned into these shapes with the kit's fromRow): no TypeORM entities, as in every service.
 */

export type ItemKind = 'video' | 'pdf';

/** What an item costs now, kept from catalogue.item.* (never from the browser). */
export interface PriceListItem {
  itemId: string;
  itemType: ItemKind;
  title: string;
  priceUsdCents: number;
  forSale: boolean;
  occurredAt: Date;
  updatedAt: Date;
}

/** A buyer's e-mail and name, kept from identity.user.registered. */
export interface Buyer {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** An order for one item. A purchase is a completed order. */
export interface Order {
  id: string;
  buyerId: string;
  buyerEmail: string;
  itemId: string;
  itemType: ItemKind;
  itemTitle: string;
  amountUsdCents: number;
  amountXaf: number;
  status: OrderStatus;
  receiptNumber: string | null;
  completedAt: Date | null;
  adminActionKind: 'granted' | 'refunded' | null;
  adminActionReason: string | null;
  adminActionAdminId: string | null;
  adminActionAt: Date | null;
  /** Why an administrator must look at this payment (the bell, settlement/alerts.ts); null when nothing is open. */
  alertReason: 'claim' | 'outcome-unknown' | null;
  alertRaisedAt: Date | null;
  /** The promo code the order is charged with (its latest attempt's), and what it took off the price list's price. */
  promoCodeId: string | null;
  promoCode: string | null;
  discountXaf: number;
  discountUsdCents: number;
  /** « Offrir »: paid for someone else (gifts/); the buyer does not own the item through it. */
  gift: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** One try at paying an order with one provider. At most one is pending per order (partial unique index). */
export interface PaymentAttempt {
  id: string;
  orderId: string;
  number: number;
  provider: PaymentProviderName;
  /** Ours, generated and stored before the provider is called. */
  reference: string;
  providerReference: string | null;
  phone: string | null;
  status: AttemptStatus;
  operatorTransactionId: string | null;
  failureCode: string | null;
  authorizationUrl: string | null;
  expiresAt: Date;
  pollRound: number;
  lastCheckedAt: Date | null;
  createdAt: Date;
  settledAt: Date | null;
  /** Times the charge was sent again because the provider had no request for our reference (a crash before the call). */
  chargeResends: number;
  chargeResentAt: Date | null;
  /** The mobile network the prompt went to (NotchPay: by the number); null when unknown (NotchPay's hosted page). */
  operator: MobileOperator | null;
  /** The provider's final word on an attempt we had ended ourselves at the end of its window without it (operator health). */
  lateAnswer: 'failed' | 'canceled' | 'expired' | null;
}

/** The two mobile networks a prompt can go to. */
export type MobileOperator = 'orange' | 'mtn';

/** One raw exchange with a provider (answer or notification), secrets removed. */
export interface ProviderExchange {
  id: string;
  attemptId: string;
  at: Date;
  kind: string;
  httpStatus: number | null;
  body: unknown;
}

/** Every webhook as received; dedupe_key UNIQUE keeps a replay from being processed twice. */
export interface WebhookLog {
  id: string;
  provider: string;
  rawBody: string;
  headers: Record<string, string>;
  signatureValid: boolean | null;
  dedupeKey: string;
  attemptId: string | null;
  outcome: string;
  receivedAt: Date;
}

/** A customer's "J'ai payé mais je n'ai pas accès" that the provider did not confirm, with what they gave. */
export interface PaymentClaim {
  id: string;
  buyerId: string;
  /** The order the claim was matched to (the first candidate asked about); null when nothing matched. */
  orderId: string | null;
  attemptId: string | null;
  operatorTransactionId: string | null;
  phone: string | null;
  paidAt: Date | null;
  finding: 'still-pending' | 'unreachable' | 'not-paid' | 'not-found';
  /** What the customer was told. */
  message: string;
  createdAt: Date;
}

/** The last receipt sequence of a year, bumped in the transaction that completes an order. */
export interface ReceiptCounter {
  year: number;
  last: number;
}


/** A promo code as an administrator created it (promo/). `held`: uses reserved by a live attempt plus uses paid. */
export interface PromoCode {
  id: string;
  /** Upper case, 3 to 32 of A-Z 0-9 _ -. */
  code: string;
  kind: 'percent' | 'amount';
  percent: number | null;
  amountXaf: number | null;
  /** The items it applies to; null: every item. */
  itemIds: string[] | null;
  startsAt: Date | null;
  endsAt: Date | null;
  maxUses: number | null;
  perCustomerMax: number | null;
  active: boolean;
  held: number;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** A code on one order: reserved while its attempt is live, used once paid, released when it ended without money. */
export type PromoUseState = 'reserved' | 'used' | 'released';
