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
}

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

