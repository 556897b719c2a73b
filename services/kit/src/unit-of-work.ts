import { events, type EventData, type EventSubject, type TypedEnvelope } from '@lbf/proto-events';
import type { DataSource, EntityManager } from 'typeorm';
import { consumeEvents, type EventBus, type RunningConsumer } from './event-bus';
import type { Logger } from './logger';
import { writeOutbox, type Emit, OutboxRelay } from './outbox';

export interface Tx {
  manager: EntityManager;
  /** Records an event to publish once this transaction commits. */
  emit: Emit;
}

/**
 * The one way a service changes state: run `fn` in a transaction where events are written to
 * the outbox, then wake the relay. State and events commit together or not at all.
 */
export class UnitOfWork {
  constructor(
    readonly ds: DataSource,
    private readonly producer: string,
    private readonly relay?: OutboxRelay,
  ) {}

  async run<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    let emitted = false;
    const result = await this.ds.transaction(async (manager) =>
      fn({
        manager,
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
    return this.run(async (tx) => {
      const inserted: unknown[] = await tx.manager.query(
        'INSERT INTO inbox (consumer, event_id, subject) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id',
        [consumer, envelope.id, envelope.subject],
      );
      if (inserted.length === 0) return false;
      await fn(tx);
      return true;
    });
  }

  async park(consumer: string, envelope: TypedEnvelope<EventSubject>, error: unknown): Promise<void> {
    await this.ds.query('INSERT INTO parked_events (consumer, event_id, subject, envelope, error) VALUES ($1, $2, $3, $4, $5)', [
      consumer,
      envelope.id,
      envelope.subject,
      JSON.stringify(envelope),
      String(error instanceof Error ? (error.stack ?? error.message) : error).slice(0, 4000),
    ]);
  }
}

/**
 * A durable consumer whose handler runs inside `UnitOfWork.once`, so each event's effect is applied
 * exactly once, and whose failures end in the service's parked_events table.
 */
export function startIdempotentConsumer<S extends EventSubject>(args: {
  bus: EventBus;
  uow: UnitOfWork;
  log: Logger;
  durable: string;
  subjects: readonly S[];
  handle: (envelope: TypedEnvelope<S>, tx: Tx) => Promise<void>;
  maxDeliver?: number;
  concurrency?: number;
}): Promise<RunningConsumer> {
  return consumeEvents({
    js: args.bus.js,
    jsm: args.bus.jsm,
    stream: args.bus.stream,
    prefix: args.bus.prefix,
    durable: args.durable,
    subjects: args.subjects,
    log: args.log,
    maxDeliver: args.maxDeliver,
    concurrency: args.concurrency,
    handle: async (envelope) => {
      await args.uow.once(args.durable, envelope, (tx) => args.handle(envelope, tx));
    },
    park: (envelope, error) => args.uow.park(args.durable, envelope as TypedEnvelope<EventSubject>, error),
  });
}
