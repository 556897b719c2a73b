import { startIdempotentConsumer, type EventBus, type Logger, type RunningConsumer, type UnitOfWork } from '@lbf/service-kit';
import { applyHealthConsent, upsertBuyer, upsertPrice } from './store';

/** One durable per subject: NATS 2.9 (the one we run) gives a consumer a single filter subject. */
export const PRICE_LIST_CONSUMERS = {
  'catalogue.item.published': 'commerce-price-list-published',
  'catalogue.item.updated': 'commerce-price-list-updated',
  'catalogue.item.deleted': 'commerce-price-list-deleted',
} as const;
type PriceSubject = keyof typeof PRICE_LIST_CONSUMERS;
export const BUYERS_CONSUMER = 'commerce-buyers';
export const HEALTH_CONSENTS_CONSUMER = 'commerce-health-consents';

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
      const forSale = envelope.subject !== 'catalogue.item.deleted';
      await upsertPrice(manager, envelope.data, forSale);
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
      await upsertBuyer(manager, envelope.data);
    },
  });
}

/**
 * The buyers' health-data consents from identity.user.consent_changed (the other kinds are not
 * commerce's concern): a checkout needs it (checkout/start-checkout.ts).
 */
export function startHealthConsentsConsumer(args: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number }): Promise<RunningConsumer> {
  return startIdempotentConsumer({
    bus: args.bus,
    uow: args.uow,
    log: args.log,
    durable: HEALTH_CONSENTS_CONSUMER,
    subjects: ['identity.user.consent_changed'],
    maxDeliver: args.maxDeliver,
    handle: async (envelope, { manager }) => {
      if (envelope.data.kind === 'health_data') await applyHealthConsent(manager, envelope.data);
    },
  });
}
