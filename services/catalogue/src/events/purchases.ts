import type { EventData } from '@lbf/proto-events';
import { startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';
import { grantEntitlement, revokeEntitlement } from '../operations/entitlements';

export const ENTITLEMENTS_CONSUMER = 'catalogue-entitlements';

/**
 * Keeps the entitlements read model from commerce: a completed purchase grants the buyer the item,
 * a refund revokes it. Through the kit's inbox (a redelivered event changes nothing) and keyed by
 * order id, so the two events may arrive in either order: a refund seen first leaves the order's
 * row revoked, and its completion never revives it.
 */
export function startEntitlementsConsumer(args: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number }): Promise<RunningConsumer> {
  return startIdempotentConsumer({
    bus: args.bus,
    uow: args.uow,
    log: args.log,
    durable: ENTITLEMENTS_CONSUMER,
    subjects: ['commerce.purchase.completed', 'commerce.purchase.refunded'],
    maxDeliver: args.maxDeliver,
    handle: async (envelope, { manager }) => {
      // The envelope's data is typed as the union of both subjects' data; the subject tells which.
      if (envelope.subject === 'commerce.purchase.completed') {
        const d = envelope.data as EventData<'commerce.purchase.completed'>;
        await grantEntitlement(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType }, new Date(d.completedAt));
      } else {
        const d = envelope.data as EventData<'commerce.purchase.refunded'>;
        await revokeEntitlement(manager, { orderId: d.orderId, userId: d.buyerId, itemId: d.itemId, itemType: d.itemType }, new Date(d.refundedAt));
      }
    },
  });
}
