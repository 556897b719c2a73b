import { idempotentConsumers, type EventBus, type Logger, type ModuleConsumer, type UnitOfWork } from '@lbf/service-kit';
import { grantEntitlement, revokeEntitlement } from './store';

/** Grants: commerce.purchase.completed. */
export const ENTITLEMENTS_CONSUMER = 'catalogue-entitlements';
/**
 * Revocations: commerce.purchase.refunded. A durable of its own because one durable on two subjects
 * needs NATS 2.10 (filter_subjects) and the kit supports 2.9 servers (the one the tests and a local
 * `npm start` run on). The two may therefore see a purchase's events in either order, which the
 * read model absorbs (rows keyed by order id; see operations/entitlements.ts).
 */
export const REFUNDS_CONSUMER = 'catalogue-entitlements-refunds';

type ConsumerArgs = { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number };

/**
 * Keeps the entitlements read model from commerce: a completed purchase grants the buyer the item,
 * a refund revokes it. Through the kit's inbox (a redelivered event changes nothing) and keyed by
 * order id, so a refund seen before its completion leaves the order's row revoked, and the late
 * completion never revives it.
 */
export function startEntitlementsConsumers(args: ConsumerArgs): ModuleConsumer[] {
  return idempotentConsumers(
    args,
    { 'commerce.purchase.completed': ENTITLEMENTS_CONSUMER, 'commerce.purchase.refunded': REFUNDS_CONSUMER },
    {
      'commerce.purchase.completed': async ({ data: d }, { manager }) => {
        await grantEntitlement(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType }, new Date(d.completedAt), {
          receiptNumber: d.receiptNumber,
          buyerEmail: d.buyerEmail,
          buyerName: d.buyerName ?? null,
        });
      },
      'commerce.purchase.refunded': async ({ data: d }, { manager }) => {
        await revokeEntitlement(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType }, new Date(d.refundedAt));
      },
    },
  );
}
