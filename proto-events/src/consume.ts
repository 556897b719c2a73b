import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JetStreamClient, type JetStreamManager } from 'nats';
import type { Envelope } from './envelope';
import type { EventData, EventSubject } from './registry';
import { natsSubject, type StreamOptions } from './stream';
import { decodeEnvelope } from './validate';

export type TypedEnvelope<S extends EventSubject> = Envelope<EventData<S>> & { subject: S };

export interface ConsumeLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface ConsumeOptions<S extends EventSubject> extends StreamOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** `<service>-<purpose>`, e.g. `analytics-counters`. */
  durable: string;
  subjects: readonly S[];
  handle: (envelope: TypedEnvelope<S>) => Promise<void>;
  /** Called once a message has failed `maxDeliver` times; it is then terminated (parked). */
  park: (envelope: TypedEnvelope<S>, error: unknown) => Promise<void>;
  log: ConsumeLogger;
  maxDeliver?: number;
  /** How many messages are handled at once. */
  concurrency?: number;
}

export interface RunningConsumer {
  /** Stops pulling and waits for the messages being handled to finish. */
  stop(): Promise<void>;
}

/**
 * Runs a durable pull consumer with explicit acks. A message that fails validation is logged and
 * terminated (never retried); one whose handler throws is redelivered with a growing delay, and
 * after `maxDeliver` attempts it is parked through `park` and terminated.
 */
export async function consumeEvents<S extends EventSubject>(opts: ConsumeOptions<S>): Promise<RunningConsumer> {
  const maxDeliver = opts.maxDeliver ?? 8;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const filter = opts.subjects.map((s) => natsSubject(opts.prefix, s));
  const config = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_deliver: maxDeliver,
    ack_wait: 30_000_000_000,
    // Several filter subjects need NATS 2.10; with one (wildcards allowed) any 2.9+ server works.
    ...(filter.length === 1 ? { filter_subject: filter[0] } : { filter_subjects: filter }),
  };
  const exists = await opts.jsm.consumers.info(opts.stream, opts.durable).then(
    () => true,
    () => false,
  );
  if (!exists) {
    await opts.jsm.consumers.add(opts.stream, config);
  } else {
    // An existing durable keeps its position; a config change that the server refuses is logged, not fatal.
    await opts.jsm.consumers.update(opts.stream, opts.durable, config).catch((err: unknown) => {
      opts.log.warn({ durable: opts.durable, err: String(err) }, 'could not update consumer config');
    });
  }
  const consumer = await opts.js.consumers.get(opts.stream, opts.durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: concurrency * 2 });

  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    for await (const m of messages) {
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      const task = (async () => {
        const decoded = decodeEnvelope(m.data);
        if (!decoded.ok) {
          opts.log.error({ durable: opts.durable, subject: m.subject, seq: m.seq, reason: decoded.reason }, 'invalid event terminated');
          // No reason argument: NATS 2.9 ignores a term that carries one (2.10+ accepts both).
          m.term();
          return;
        }
        const envelope = decoded.envelope as TypedEnvelope<S>;
        try {
          await opts.handle(envelope);
          m.ack();
        } catch (err) {
          const attempt = m.info.deliveryCount;
          if (attempt >= maxDeliver) {
            opts.log.error({ durable: opts.durable, eventId: envelope.id, attempt, err }, 'event parked after repeated failures');
            try {
              await opts.park(envelope, err);
            } finally {
              m.term();
            }
          } else {
            opts.log.warn({ durable: opts.durable, eventId: envelope.id, attempt, err }, 'event handler failed; will retry');
            m.nak(Math.min(30_000, 250 * 2 ** attempt));
          }
        }
      })();
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task));
    }
  })();

  return {
    async stop() {
      await messages.close();
      await loop.catch(() => undefined);
      await Promise.allSettled([...inFlight]);
    },
  };
}
