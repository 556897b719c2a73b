import { idempotentConsumers as kitConsumers, type EventHandler, type ModuleConsumer } from '@lbf/service-kit';
import type { EventSubject } from '@lbf/proto-events';
import type { MessagingDeps } from './deps';

/** The kit's idempotentConsumers with messaging's redelivery budget (EVENT_MAX_DELIVER). */
export function idempotentConsumers<S extends EventSubject>(
  deps: Pick<MessagingDeps, 'bus' | 'uow' | 'log' | 'config'>,
  durables: { [K in S]: string },
  handlers: { [K in S]: EventHandler<K> },
): ModuleConsumer[] {
  return kitConsumers({ ...deps, maxDeliver: deps.config.eventMaxDeliver }, durables, handlers);
}
