import { startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';

/** One durable per subject: NATS 2.9 (the one we run) gives a consumer a single filter subject. */
export const PRICE_LIST_CONSUMERS = {
  'catalogue.item.published': 'commerce-price-list-published',
  'catalogue.item.updated': 'commerce-price-list-updated',
  'catalogue.item.deleted': 'commerce-price-list-deleted',
} as const;
type PriceSubject = keyof typeof PRICE_LIST_CONSUMERS;
export const BUYERS_CONSUMER = 'commerce-buyers';

/**
 * The price list read model: catalogue.item.published / updated / deleted, each applied once (inbox);
 * the three subjects run as separate durables, so they may interleave: hence the occurredAt guard —
 * an event older than what the row already holds (occurredAt) changes nothing, so a late or
 * replayed "updated" never brings back an old price or a deleted item.
 */
export function startPriceListConsumer(
  subject: PriceSubject,
  args: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number },
): Promise<RunningConsumer> {
  return startIdempotentConsumer({
    bus: args.bus,
    uow: args.uow,
    log: args.log,
    durable: PRICE_LIST_CONSUMERS[subject],
    subjects: [subject],
    maxDeliver: args.maxDeliver,
    handle: async (envelope, { manager }) => {
      const d = envelope.data;
      const forSale = envelope.subject !== 'catalogue.item.deleted';
      await manager.query(
        `INSERT INTO price_list (item_id, item_type, title, price_usd_cents, for_sale, occurred_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, now())
         ON CONFLICT (item_id) DO UPDATE SET item_type = EXCLUDED.item_type, title = EXCLUDED.title,
           price_usd_cents = EXCLUDED.price_usd_cents, for_sale = EXCLUDED.for_sale,
           occurred_at = EXCLUDED.occurred_at, updated_at = now()
         WHERE price_list.occurred_at <= EXCLUDED.occurred_at
           AND NOT (price_list.for_sale = false AND price_list.occurred_at = EXCLUDED.occurred_at)`,
        [d.itemId, d.itemType, d.title, d.priceCents, forSale, d.occurredAt],
      );
    },
  });
}

/**
 * Buyers' e-mails and names from identity.user.registered (orders and receipts carry the buyer's
 * e-mail; commerce.purchase.completed also their name, printed on their copy of a guide).
 */
export function startBuyersConsumer(args: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number }): Promise<RunningConsumer> {
  return startIdempotentConsumer({
    bus: args.bus,
    uow: args.uow,
    log: args.log,
    durable: BUYERS_CONSUMER,
    subjects: ['identity.user.registered'],
    maxDeliver: args.maxDeliver,
    handle: async (envelope, { manager }) => {
      const d = envelope.data;
      await manager.query(
        `INSERT INTO buyers (user_id, email, first_name, last_name) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
        [d.userId, d.email, d.firstName, d.lastName],
      );
    },
  });
}
