import { events, makeEnvelope, natsSubject, publishEnvelope, type Envelope, type EventData, type EventSubject } from '@lbf/proto-events';
import { until, type TestStream } from '@lbf/service-kit/testing';
import type { NatsConnection } from 'nats';
import { randomUUID } from 'node:crypto';

export interface EventFactory {
  /** The envelope another service would publish (producer: the subject's service). */
  envelope<S extends EventSubject>(subject: S, data: EventData<S>): Envelope<EventData<S>>;
  /** Publishes it on the file's stream and returns it. */
  publish<S extends EventSubject>(subject: S, data: EventData<S>): Promise<Envelope<EventData<S>>>;
  /** The same event again under a new message id: JetStream stores it twice, as after a redelivery. */
  redeliver(e: Envelope): Promise<void>;
  /** Raw bytes (any JSON) on a subject, under a message id of their own; returns the stream sequence. */
  publishRaw(subject: EventSubject, body: unknown): Promise<number>;
  /** Waits until every analytics durable has acknowledged everything in the stream. */
  drained(): Promise<void>;
}

/** Other services' events on the test's stream, and waiting for analytics to have read them. */
export function eventFactory(t: { nc: NatsConnection; stream: TestStream }): EventFactory {
  const js = t.nc.jetstream();
  const envelope = <S extends EventSubject>(subject: S, data: EventData<S>): Envelope<EventData<S>> =>
    makeEnvelope({ subject, version: events[subject].version, producer: subject.split('.')[0]!, data });
  const publishRaw = async (subject: EventSubject, body: unknown): Promise<number> => {
    const ack = await js.publish(natsSubject(t.stream.prefix, subject), Buffer.from(JSON.stringify(body)), { msgID: randomUUID() });
    return ack.seq;
  };
  return {
    envelope,
    publishRaw,
    async publish(subject, data) {
      const e = envelope(subject, data);
      await publishEnvelope(js, t.stream.prefix, e);
      return e;
    },
    async redeliver(e) {
      await publishRaw(e.subject as EventSubject, e);
    },
    async drained() {
      const jsm = await t.nc.jetstreamManager();
      await until(
        async () => {
          const consumers = await jsm.consumers.list(t.stream.stream).next();
          return consumers.length > 0 && consumers.every((c) => c.num_pending === 0 && c.num_ack_pending === 0);
        },
        10_000,
        'every consumer to have read the stream',
      );
    },
  };
}
