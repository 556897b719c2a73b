import { events, makeEnvelope, natsSubject, publishEnvelope, type Envelope, type EventData, type EventSubject } from '@lbf/proto-events';
import { until } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import type { AnalyticsTestContext } from './support';

/** Publishing other services' events on the test's stream, and waiting for analytics to have read them. */
export function eventTools(t: AnalyticsTestContext) {
  const js = t.nc.jetstream();
  const envelope = <S extends EventSubject>(subject: S, data: EventData<S>): Envelope<EventData<S>> =>
    makeEnvelope({ subject, version: events[subject].version, producer: subject.split('.')[0]!, data });
  return {
    envelope,
    publish: async <S extends EventSubject>(subject: S, data: EventData<S>): Promise<Envelope<EventData<S>>> => {
      const e = envelope(subject, data);
      await publishEnvelope(js, t.stream.prefix, e);
      return e;
    },
    /** The same event again under a new message id: JetStream stores it twice, as after a redelivery. */
    redeliver: async (e: Envelope): Promise<void> => {
      await js.publish(natsSubject(t.stream.prefix, e.subject), Buffer.from(JSON.stringify(e)), { msgID: randomUUID() });
    },
    /** Waits until every analytics durable has acknowledged everything in the stream. */
    drained: async (): Promise<void> => {
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
