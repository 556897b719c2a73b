import type { EventSubject, TypedEnvelope } from '@lbf/proto-events';
import type { Logger } from './logger';
import type { Tx } from './tx';
import type { EventBus, RunningConsumer } from './event-bus';
import { startIdempotentConsumer, type UnitOfWork } from './unit-of-work';

/** What a module does with one event, in the transaction that records it in the inbox. */
export type EventHandler<S extends EventSubject> = (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>;

/** A module's consumer, as defineModule lists it: started by the kit at boot. */
export interface ModuleConsumer {
  name: string;
  start: () => Promise<RunningConsumer>;
}

/**
 * A module's consumers: one durable per subject (NATS 2.9, the one we run, gives a consumer a
 * single filter subject), each applying its event once (the kit's inbox, in the same transaction).
 * Durable names are stored in NATS: never rename one.
 */
export function idempotentConsumers<S extends EventSubject>(
  deps: { bus: EventBus; uow: UnitOfWork; log: Logger; maxDeliver?: number },
  durables: { [K in S]: string },
  handlers: { [K in S]: EventHandler<K> },
): ModuleConsumer[] {
  return (Object.keys(durables) as S[]).map((subject) => ({
    name: durables[subject],
    start: () =>
      startIdempotentConsumer({
        bus: deps.bus,
        uow: deps.uow,
        log: deps.log,
        durable: durables[subject],
        subjects: [subject],
        maxDeliver: deps.maxDeliver,
        handle: (envelope, tx) => (handlers[subject] as EventHandler<EventSubject>)(envelope as TypedEnvelope<EventSubject>, tx),
      }),
  }));
}
