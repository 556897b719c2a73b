import { idempotentConsumers, type EventBus, type Logger, type ModuleConsumer, type UnitOfWork } from '@lbf/service-kit';
import { addPurchase } from './store';

/** commerce.purchase.completed: +1 purchase, +amountXaf. */
export const PURCHASE_TOTALS_COMPLETED_CONSUMER = 'identity-purchase-totals-completed';
/**
 * commerce.purchase.refunded: -1 purchase, -amountXaf. A durable of its own: one filter subject per
 * durable on NATS 2.9. The two may see a purchase's events in either order; sums commute, so the
 * totals end the same.
 */
export const PURCHASE_TOTALS_REFUNDED_CONSUMER = 'identity-purchase-totals-refunded';

type ConsumerArgs = { bus: EventBus; uow: UnitOfWork; log: Logger };

/**
 * Keeps identity's read model of each user's purchases (user_purchase_totals), through the kit's
 * inbox: a redelivered event changes nothing. It only sorts the users table by PURCHASES /
 * TOTAL_SPENT and fills the export; the figures the table shows come from commerce by federation.
 */
export function purchaseTotalsConsumers(args: ConsumerArgs): ModuleConsumer[] {
  return idempotentConsumers(
    args,
    { 'commerce.purchase.completed': PURCHASE_TOTALS_COMPLETED_CONSUMER, 'commerce.purchase.refunded': PURCHASE_TOTALS_REFUNDED_CONSUMER },
    {
      'commerce.purchase.completed': ({ data: d }, { manager }) => addPurchase(manager, d.buyerId, 1, d.amountXaf),
      'commerce.purchase.refunded': ({ data: d }, { manager }) => addPurchase(manager, d.buyerId, -1, -d.amountXaf),
    },
  );
}
