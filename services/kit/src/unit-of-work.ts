import { events, type EventData, type EventSubject, type TypedEnvelope } from '@lbf/proto-events';
import type { DataSource } from 'typeorm';
import { consumeEvents, type EventBus, type RunningConsumer } from './event-bus';
import type { Logger } from './logger';
import type { Counter, Metrics } from './metrics';
import { writeOutbox, OutboxRelay } from './outbox';
import type { Tx } from './tx';
import { parkMessage, recordInInbox, replayRequested, startParkedReplayer } from './parked-events';
import { SpanKind, withSpanFrom } from './tracing';

export type { Tx } from './tx';

/**
 * The one way a service changes state: run `fn` in a transaction where events are written to
 * the outbox, then wake the relay. State and events commit together or not at all.
 */
export class UnitOfWork {
  private readonly applied?: Counter<'consumer' | 'outcome'>;

  constructor(
    readonly ds: DataSource,
    private readonly producer: string,
    private readonly relay?: OutboxRelay,
    /** Counts the events this process applied, or found applied already (lbf_events_applied_total). */
    metrics?: Metrics,
  ) {
    this.applied = metrics?.counter('lbf_events_applied_total', 'Events a consumer in this process applied, or found in its inbox already', ['consumer', 'outcome']);
  }

  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let emitted = false;
    const result = await this.ds.transaction(async (manager) =>
      fn({
        manager,
        producer: this.producer,
        emit: async <S extends EventSubject>(subject: S, data: EventData<S>) => {
          emitted = true;
          return writeOutbox(manager, this.producer, subject, data, events[subject].version);
        },
      }),
    );
    if (emitted) this.relay?.kick();
    return result;
  }

  /**
   * Applies an event's effect once: the inbox row and the effect commit together, so a redelivered
   * event finds its row and changes nothing. Returns false when it had been applied already.
   */
  async once(consumer: string, envelope: { id: string; subject: string }, fn: (tx: Tx) => Promise<void>): Promise<boolean> {
    const fresh = await this.run(async (tx) => {
      if (!(await recordInInbox(tx, consumer, envelope))) return false;
      await fn(tx);
      return true;
    });
    this.applied?.inc({ consumer, outcome: fresh ? 'applied' : 'already-applied' });
    return fresh;
  }
}

/**
 * A durable consumer whose handler runs inside `UnitOfWork.once`, so each event's effect is applied
 * exactly once. What it cannot read, and what keeps failing `maxDeliver` times, ends in the
 * service's parked_events with its reason; rows someone asked to replay (`npm run events -- replay`)
 * are replayed through the same handler and inbox every `replayPollMs`.
 */
export async function startIdempotentConsumer<S extends EventSubject>(args: {
  bus: EventBus;
  uow: UnitOfWork;
  log: Logger;
  durable: string;
  subjects: readonly S[];
  handle: (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>;
  maxDeliver?: number;
  concurrency?: number;
  replayPollMs?: number;
}): Promise<RunningConsumer> {
  args.bus.durables.add(args.durable);
  const consumer = await consumeEvents({
    js: args.bus.js,
    jsm: args.bus.jsm,
    stream: args.bus.stream,
    prefix: args.bus.prefix,
    durable: args.durable,
    subjects: args.subjects,
    log: args.log,
    maxDeliver: args.maxDeliver,
    concurrency: args.concurrency,
    // Continues the producer's trace (the message's traceparent header): a consumer span around the handler.
    handle: (envelope, message) =>
      withSpanFrom(
        message.headers,
        `consume ${envelope.subject}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: {
            'messaging.system': 'nats',
            'messaging.operation.type': 'process',
            'messaging.destination.name': envelope.subject,
            'messaging.consumer.group.name': args.durable,
            'messaging.message.id': envelope.id,
          },
        },
        async () => {
          await args.uow.once(args.durable, envelope, (tx) => args.handle(envelope, tx));
        },
      ),
    park: (message) => parkMessage(args.uow.ds, args.durable, message),
  });
  const replayer = startParkedReplayer(
    () => replayRequested({ uow: args.uow, consumer: args.durable, subjects: args.subjects, handle: args.handle, log: args.log }),
    args.log,
    args.replayPollMs,
  );
  return {
    async stop() {
      await replayer.stop();
      await consumer.stop();
    },
  };
}
