import { AckPolicy, DeliverPolicy, type ConsumerMessages, type JetStreamClient, type JetStreamManager, type JsMsg } from 'nats';
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

/** Why a message was set aside: it can never be read, or its handler kept failing. */
export type ParkKind = 'invalid' | 'handler-failed';

/** What a consumer hands to `park`: enough to show a person the message and to replay it later. */
export interface ParkedMessage {
  kind: ParkKind;
  /** One line: the validation failure or the handler's last error message. */
  reason: string;
  /** The handler's last error (stack included), for handler failures. */
  error?: unknown;
  /** The envelope's id when it has one that looks like an id; null for bytes that are not an envelope. */
  eventId: string | null;
  /** The envelope's subject when readable, else the NATS subject without the prefix. */
  subject: string;
  /** The message exactly as stored in the stream (UTF-8). */
  raw: string;
  /** The parsed JSON when the message is JSON. */
  json: unknown;
  streamSeq: number;
  deliveries: number;
}

export interface ConsumeOptions<S extends EventSubject> extends StreamOptions {
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** `<service>-<purpose>`, e.g. `analytics-counters`. */
  durable: string;
  subjects: readonly S[];
  /** `message.headers`: the message's headers (e.g. the trace context the producer sent). */
  handle: (envelope: TypedEnvelope<S>, message: { headers: Record<string, string> }) => Promise<void>;
  /**
   * Records a message the consumer gives up on (the service's parked_events). The message is
   * terminated only after this resolves; when it throws, the message is redelivered later.
   */
  park: (message: ParkedMessage) => Promise<void>;
  log: ConsumeLogger;
  /** Deliveries before a failing message is parked; DEFAULT_MAX_DELIVER when absent. */
  maxDeliver?: number;
  /** How many messages are handled at once. */
  concurrency?: number;
}

/** Deliveries of a failing message before it is parked, unless a consumer says otherwise. */
export const DEFAULT_MAX_DELIVER = 8;

export interface RunningConsumer {
  /** Stops pulling and waits for the messages being handled to finish. */
  stop(): Promise<void>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What can be said about an unreadable message, for its parked row. */
function describe(m: JsMsg, prefix: string): Pick<ParkedMessage, 'eventId' | 'subject' | 'raw' | 'json'> {
  const raw = Buffer.from(m.data).toString('utf8');
  let json: unknown = null;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const obj = json !== null && typeof json === 'object' ? (json as Record<string, unknown>) : {};
  const id = typeof obj.id === 'string' && UUID.test(obj.id) ? obj.id : null;
  const subject = typeof obj.subject === 'string' && obj.subject.length <= 200 ? obj.subject : m.subject.replace(`${prefix}.`, '');
  return { eventId: id, subject, raw, json };
}

/** A message's headers as a plain record (first value of each). */
function headersOf(m: JsMsg): Record<string, string> {
  const out: Record<string, string> = {};
  if (!m.headers) return out;
  for (const name of m.headers.keys()) out[name.toLowerCase()] = m.headers.get(name);
  return out;
}

function oneLine(err: unknown): string {
  return String(err instanceof Error ? err.message : err).split('\n')[0]!.slice(0, 500);
}

/**
 * Runs a durable pull consumer with explicit acks. Nothing is dropped unseen:
 * - a message that fails validation (not JSON, bad envelope, unknown subject or version, bad
 *   payload) is parked at once with its reason, then terminated: a retry could not help;
 * - one whose handler throws is redelivered with a growing delay, and at its `maxDeliver`-th
 *   delivery it is parked with the error, then terminated;
 * - if parking itself fails (database down), the message is nak'ed and comes back later.
 * The bound on deliveries is enforced here, not by the server: the server's `max_deliver` is
 * unlimited, because a server that stops redelivering after N attempts would drop a message
 * whose parking failed at the last attempt. Terms carry no reason: NATS 2.9 ignores a term that has one.
 */
export async function consumeEvents<S extends EventSubject>(opts: ConsumeOptions<S>): Promise<RunningConsumer> {
  const maxDeliver = Math.max(1, opts.maxDeliver ?? DEFAULT_MAX_DELIVER);
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  await ensureDurable(opts);
  const consumer = await opts.js.consumers.get(opts.stream, opts.durable);
  const messages: ConsumerMessages = await consumer.consume({ max_messages: concurrency * 2 });
  const handleOne = messageHandler(opts, maxDeliver);

  const inFlight = new Set<Promise<void>>();
  const loop = (async () => {
    for await (const m of messages) {
      while (inFlight.size >= concurrency) await Promise.race(inFlight);
      const task = handleOne(m).catch((err: unknown) => {
        // Only a bug gets here (handleOne catches what handlers and parking throw): leave the message for redelivery.
        opts.log.error({ durable: opts.durable, seq: m.seq, err: String(err) }, 'unexpected consumer error');
      });
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

/** Creates the durable consumer, or updates an existing one's config (it keeps its position). */
async function ensureDurable<S extends EventSubject>(opts: ConsumeOptions<S>): Promise<void> {
  const filter = opts.subjects.map((s) => natsSubject(opts.prefix, s));
  const config = {
    durable_name: opts.durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    max_deliver: -1,
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
    return;
  }
  // A config change that the server refuses is logged, not fatal.
  await opts.jsm.consumers.update(opts.stream, opts.durable, config).catch((err: unknown) => {
    opts.log.warn({ durable: opts.durable, err: String(err) }, 'could not update consumer config');
  });
}

/** One message's fate: acked, parked (invalid, or failed `maxDeliver` times) or nak'ed for a later retry. */
function messageHandler<S extends EventSubject>(opts: ConsumeOptions<S>, maxDeliver: number): (m: JsMsg) => Promise<void> {
  const park = async (m: JsMsg, parked: ParkedMessage): Promise<void> => {
    try {
      await opts.park(parked);
    } catch (err) {
      opts.log.error({ durable: opts.durable, seq: m.seq, eventId: parked.eventId, err: String(err) }, 'could not park event; it will be redelivered');
      m.nak(Math.min(60_000, 1000 * 2 ** Math.min(m.info.deliveryCount, 6)));
      return;
    }
    m.term();
  };

  return async (m) => {
    const attempt = m.info.deliveryCount;
    const decoded = decodeEnvelope(m.data);
    if (!decoded.ok) {
      const about = describe(m, opts.prefix);
      opts.log.error({ durable: opts.durable, subject: m.subject, seq: m.seq, eventId: about.eventId, reason: decoded.reason }, 'invalid event parked');
      await park(m, { kind: 'invalid', reason: decoded.reason, ...about, streamSeq: m.seq, deliveries: attempt });
      return;
    }
    const envelope = decoded.envelope as TypedEnvelope<S>;
    try {
      await opts.handle(envelope, { headers: headersOf(m) });
      m.ack();
    } catch (err) {
      if (attempt < maxDeliver) {
        opts.log.warn({ durable: opts.durable, eventId: envelope.id, attempt, err }, 'event handler failed; will retry');
        m.nak(Math.min(30_000, 250 * 2 ** attempt));
        return;
      }
      opts.log.error({ durable: opts.durable, eventId: envelope.id, attempt, err }, 'event parked after repeated failures');
      const about = { ...describe(m, opts.prefix), eventId: envelope.id, subject: envelope.subject };
      await park(m, { kind: 'handler-failed', reason: oneLine(err), error: err, ...about, streamSeq: m.seq, deliveries: attempt });
    }
  };
}
