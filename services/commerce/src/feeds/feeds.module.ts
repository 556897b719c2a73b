import { defineModule, type EventBus } from '@lbf/service-kit';
import type { CommerceDeps } from '../deps';
import type { CommerceJobs } from '../deps';
import { BUYERS_CONSUMER, HEALTH_CONSENTS_CONSUMER, PRICE_LIST_CONSUMERS, startBuyersConsumer, startHealthConsentsConsumer, startPriceListConsumer } from './consumers';

/** What commerce keeps from other services' events: the price list (catalogue), the buyers and their health-data consents (identity). */
export function feedsModule(deps: CommerceDeps, bus: EventBus) {
  const args = { bus, uow: deps.uow, log: deps.log, maxDeliver: deps.config.eventMaxDeliver };
  return defineModule<CommerceJobs>({
    name: 'feeds',
    consumers: [
      ...(Object.keys(PRICE_LIST_CONSUMERS) as Array<keyof typeof PRICE_LIST_CONSUMERS>).map((subject) => ({
        name: PRICE_LIST_CONSUMERS[subject],
        start: () => startPriceListConsumer(subject, args),
      })),
      { name: BUYERS_CONSUMER, start: () => startBuyersConsumer(args) },
      { name: HEALTH_CONSENTS_CONSUMER, start: () => startHealthConsentsConsumer(args) },
    ],
  });
}
