import { idempotentConsumers, type EventBus, type Logger, type ModuleConsumer, type UnitOfWork } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { grantEntitlement, revokeEntitlement, type EntitlementKey } from './store';

/** Grants: commerce.purchase.completed. */
export const ENTITLEMENTS_CONSUMER = 'catalogue-entitlements';
/**
 * Revocations: commerce.purchase.refunded. A durable of its own because one durable on two subjects
 * needs NATS 2.10 (filter_subjects) and the kit supports 2.9 servers (the one the tests and a local
 * `npm start` run on). The two may therefore see a purchase's events in either order, which the
 * read model absorbs (rows keyed by order id; see operations/entitlements.ts).
 */
export const REFUNDS_CONSUMER = 'catalogue-entitlements-refunds';
/** Gifts received: commerce.gift.claimed (the claimer owns the item through the gift's order). */
export const GIFTS_CONSUMER = 'catalogue-entitlements-gifts';

/** What else a refund takes away, in the revocation's transaction (the reviews room: the buyer's review). */
export type OnRevoked = (manager: Pick<EntityManager, 'query'>, key: EntitlementKey) => Promise<void>;

type ConsumerArgs = { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number; onRevoked?: OnRevoked };

/**
 * Keeps the entitlements read model from commerce: a completed purchase grants the buyer the item
 * (a gift's, nobody: its claim grants the claimer, keyed by the gift's order), a refund revokes it. Through the kit's inbox (a redelivered event changes nothing) and keyed by
 * order id, so a refund seen before its completion leaves the order's row revoked, and the late
 * completion never revives it.
 */
export function startEntitlementsConsumers(args: ConsumerArgs): ModuleConsumer[] {
  return idempotentConsumers(
    args,
    { 'commerce.purchase.completed': ENTITLEMENTS_CONSUMER, 'commerce.purchase.refunded': REFUNDS_CONSUMER, 'commerce.gift.claimed': GIFTS_CONSUMER },
    {
      'commerce.purchase.completed': async ({ data: d }, { manager }) => {
        // « Offrir »: the buyer paid for someone else; whoever claims the gift gets the item (commerce.gift.claimed).
        if (d.gift) return;
        await grantEntitlement(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType }, new Date(d.completedAt), {
          receiptNumber: d.receiptNumber,
          buyerEmail: d.buyerEmail,
          buyerName: d.buyerName ?? null,
        });
      },
      'commerce.gift.claimed': async ({ data: d }, { manager }) => {
        await grantEntitlement(manager, { orderId: d.orderId, userId: d.claimerId, itemId: d.itemId, itemType: d.itemType }, new Date(d.claimedAt), {
          receiptNumber: d.receiptNumber,
          buyerEmail: d.claimerEmail,
          buyerName: d.claimerName ?? null,
        });
      },
      'commerce.purchase.refunded': async ({ data: d }, { manager }) => {
        const key = { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType };
        await revokeEntitlement(manager, key, new Date(d.refundedAt));
        await args.onRevoked?.(manager, key);
      },
    },
  );
}
