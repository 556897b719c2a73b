import { consumeEvents, decodeEnvelope, natsSubject, type Envelope, type EventSubject, type RunningConsumer } from '@lbf/proto-events';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { createLogger } from '../logger';
import { randomSuffix, TEST_NATS_URL } from './infra';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyData = any;

export interface EventCollector {
  received: Envelope<AnyData>[];
  nc: NatsConnection;
  stop(): Promise<void>;
}

/**
 * A durable JetStream consumer on the test's stream collecting what was published, from the start
 * of the stream: it sees events published before it started too, as another service would.
 */
export async function collectEvents(
  stream: { stream: string; prefix: string },
  subjects: EventSubject[],
  natsUrl = TEST_NATS_URL,
): Promise<EventCollector> {
  const nc = await connect({ servers: natsUrl });
  const received: Envelope<AnyData>[] = [];
  const consumer: RunningConsumer = await consumeEvents({
    js: nc.jetstream(),
    jsm: await nc.jetstreamManager(),
    stream: stream.stream,
    prefix: stream.prefix,
    durable: `test-${randomSuffix()}`,
    subjects,
    log: createLogger('test-events', 'silent'),
    handle: async (envelope) => {
      received.push(envelope);
    },
    park: async () => undefined,
  });
  return {
    received,
    nc,
    async stop() {
      await consumer.stop();
      await nc.close();
    },
  };
}

/** Events seen live (plain NATS subscription) on the test's stream, decoded and validated against the contract. */
export class EventLog {
  readonly seen: Array<{ subject: string; data: Record<string, unknown> }> = [];
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  listen(subject: EventSubject): void {
    const sub = this.nc.subscribe(natsSubject(this.prefix, subject));
    this.subs.push(sub);
    void (async () => {
      for await (const m of sub) {
        const decoded = decodeEnvelope(m.data);
        if (decoded.ok) this.seen.push({ subject: decoded.envelope.subject, data: decoded.envelope.data as Record<string, unknown> });
      }
    })();
  }

  find(subject: string, match: (data: Record<string, unknown>) => boolean) {
    return this.seen.find((e) => e.subject === subject && match(e.data));
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}
