import { startIdempotentConsumer, type RunningConsumer, type Tx } from '@lbf/service-kit';
import type { EventSubject, TypedEnvelope } from '@lbf/proto-events';
import type { MessagingDeps } from './deps';

export type EventHandler<S extends EventSubject> = (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>;

/**
 * A module's consumers: one durable per subject (NATS 2.9, the one we run, gives a consumer a
 * single filter subject), each applying its event once (the kit's inbox, in the same transaction).
 * Durable names are stored in NATS: never rename one.
 */
export function idempotentConsumers<S extends EventSubject>(
  deps: Pick<MessagingDeps, 'bus' | 'uow' | 'log' | 'config'>,
  durables: { [K in S]: string },
  handlers: { [K in S]: EventHandler<K> },
): Array<{ name: string; start: () => Promise<RunningConsumer> }> {
  return (Object.keys(durables) as S[]).map((subject) => ({
    name: durables[subject],
    start: () =>
      startIdempotentConsumer({
        bus: deps.bus,
        uow: deps.uow,
        log: deps.log,
        durable: durables[subject],
        subjects: [subject],
        maxDeliver: deps.config.eventMaxDeliver,
        handle: (envelope, tx) => (handlers[subject] as EventHandler<EventSubject>)(envelope as TypedEnvelope<EventSubject>, tx),
      }),
  }));
}
