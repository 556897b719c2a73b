import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { PaymentProviderName } from '@lbf/service-kit';
import type { AttemptStatus, OrderStatus } from './shared/order-state';

export type ItemKind = 'video' | 'pdf';

/** What an item costs now, kept from catalogue.item.* (never from the browser). */
@Entity({ name: 'price_list' })
export class PriceListItem {
  @PrimaryColumn({ type: 'uuid', name: 'item_id' }) itemId: string;
  @Column({ type: 'text', name: 'item_type' }) itemType: ItemKind;
  @Column({ type: 'text' }) title: string;
  @Column({ type: 'int', name: 'price_usd_cents' }) priceUsdCents: number;
  @Column({ type: 'boolean', name: 'for_sale' }) forSale: boolean;
  @Column({ type: 'timestamptz', name: 'occurred_at' }) occurredAt: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt: Date;
}

/** A buyer's e-mail and name, kept from identity.user.registered. */
@Entity({ name: 'buyers' })
export class Buyer {
  @PrimaryColumn({ type: 'uuid', name: 'user_id' }) userId: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text', name: 'first_name', nullable: true }) firstName: string | null;
  @Column({ type: 'text', name: 'last_name', nullable: true }) lastName: string | null;
}

/** An order for one item. A purchase is a completed order. */
@Entity({ name: 'orders' })
export class Order {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'uuid', name: 'buyer_id' }) buyerId: string;
  @Column({ type: 'text', name: 'buyer_email' }) buyerEmail: string;
  @Column({ type: 'uuid', name: 'item_id' }) itemId: string;
  @Column({ type: 'text', name: 'item_type' }) itemType: ItemKind;
  @Column({ type: 'text', name: 'item_title' }) itemTitle: string;
  @Column({ type: 'int', name: 'amount_usd_cents' }) amountUsdCents: number;
  @Column({ type: 'int', name: 'amount_xaf' }) amountXaf: number;
  @Column({ type: 'text' }) status: OrderStatus;
  @Column({ type: 'text', name: 'receipt_number', nullable: true }) receiptNumber: string | null;
  @Column({ type: 'timestamptz', name: 'completed_at', nullable: true }) completedAt: Date | null;
  @Column({ type: 'text', name: 'admin_action_kind', nullable: true }) adminActionKind: 'granted' | 'refunded' | null;
  @Column({ type: 'text', name: 'admin_action_reason', nullable: true }) adminActionReason: string | null;
  @Column({ type: 'uuid', name: 'admin_action_admin_id', nullable: true }) adminActionAdminId: string | null;
  @Column({ type: 'timestamptz', name: 'admin_action_at', nullable: true }) adminActionAt: Date | null;
  /** Why an administrator must look at this payment (the bell, settlement/alerts.ts); null when nothing is open. */
  @Column({ type: 'text', name: 'alert_reason', nullable: true }) alertReason: 'claim' | 'outcome-unknown' | null;
  @Column({ type: 'timestamptz', name: 'alert_raised_at', nullable: true }) alertRaisedAt: Date | null;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @Column({ type: 'timestamptz', name: 'updated_at' }) updatedAt: Date;
}

/** One try at paying an order with one provider. At most one is pending per order (partial unique index). */
@Entity({ name: 'payment_attempts' })
export class PaymentAttempt {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'uuid', name: 'order_id' }) orderId: string;
  @Column({ type: 'int' }) number: number;
  @Column({ type: 'text' }) provider: PaymentProviderName;
  /** Ours, generated and stored before the provider is called. */
  @Column({ type: 'text' }) reference: string;
  @Column({ type: 'text', name: 'provider_reference', nullable: true }) providerReference: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'text' }) status: AttemptStatus;
  @Column({ type: 'text', name: 'operator_transaction_id', nullable: true }) operatorTransactionId: string | null;
  @Column({ type: 'text', name: 'failure_code', nullable: true }) failureCode: string | null;
  @Column({ type: 'text', name: 'authorization_url', nullable: true }) authorizationUrl: string | null;
  @Column({ type: 'timestamptz', name: 'expires_at' }) expiresAt: Date;
  @Column({ type: 'int', name: 'poll_round' }) pollRound: number;
  @Column({ type: 'timestamptz', name: 'last_checked_at', nullable: true }) lastCheckedAt: Date | null;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
  @Column({ type: 'timestamptz', name: 'settled_at', nullable: true }) settledAt: Date | null;
  /** Times the charge was sent again because the provider had no request for our reference (a crash before the call). */
  @Column({ type: 'int', name: 'charge_resends', default: 0 }) chargeResends: number;
  @Column({ type: 'timestamptz', name: 'charge_resent_at', nullable: true }) chargeResentAt: Date | null;
}

/** One raw exchange with a provider (answer or notification), secrets removed. */
@Entity({ name: 'provider_exchanges' })
export class ProviderExchange {
  @PrimaryGeneratedColumn({ type: 'bigint' }) id: string;
  @Column({ type: 'uuid', name: 'attempt_id' }) attemptId: string;
  @Column({ type: 'timestamptz' }) at: Date;
  @Column({ type: 'text' }) kind: string;
  @Column({ type: 'int', name: 'http_status', nullable: true }) httpStatus: number | null;
  @Column({ type: 'jsonb', nullable: true }) body: unknown;
}

/** Every webhook as received; dedupe_key UNIQUE keeps a replay from being processed twice. */
@Entity({ name: 'webhook_log' })
export class WebhookLog {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'text' }) provider: string;
  @Column({ type: 'text', name: 'raw_body' }) rawBody: string;
  @Column({ type: 'jsonb' }) headers: Record<string, string>;
  @Column({ type: 'boolean', name: 'signature_valid', nullable: true }) signatureValid: boolean | null;
  @Column({ type: 'text', name: 'dedupe_key' }) dedupeKey: string;
  @Column({ type: 'uuid', name: 'attempt_id', nullable: true }) attemptId: string | null;
  @Column({ type: 'text' }) outcome: string;
  @Column({ type: 'timestamptz', name: 'received_at' }) receivedAt: Date;
}

/** A customer's "J'ai payé mais je n'ai pas accès" that the provider did not confirm, with what they gave. */
@Entity({ name: 'payment_claims' })
export class PaymentClaim {
  @PrimaryColumn({ type: 'uuid' }) id: string;
  @Column({ type: 'uuid', name: 'buyer_id' }) buyerId: string;
  /** The order the claim was matched to (the first candidate asked about); null when nothing matched. */
  @Column({ type: 'uuid', name: 'order_id', nullable: true }) orderId: string | null;
  @Column({ type: 'uuid', name: 'attempt_id', nullable: true }) attemptId: string | null;
  @Column({ type: 'text', name: 'operator_transaction_id', nullable: true }) operatorTransactionId: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @Column({ type: 'timestamptz', name: 'paid_at', nullable: true }) paidAt: Date | null;
  @Column({ type: 'text' }) finding: 'still-pending' | 'unreachable' | 'not-paid' | 'not-found';
  /** What the customer was told. */
  @Column({ type: 'text' }) message: string;
  @Column({ type: 'timestamptz', name: 'created_at' }) createdAt: Date;
}

/** The last receipt sequence of a year, bumped in the transaction that completes an order. */
@Entity({ name: 'receipt_counters' })
export class ReceiptCounter {
  @PrimaryColumn({ type: 'int' }) year: number;
  @Column({ type: 'int' }) last: number;
}

export const ENTITIES = [PriceListItem, Buyer, Order, PaymentAttempt, ProviderExchange, WebhookLog, ReceiptCounter, PaymentClaim];
