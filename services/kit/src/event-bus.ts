import {
  consumeEvents,
  ensureStream,
  natsSubject,
  publishEnvelope,
  type Envelope,
  type EventSubject,
  type RunningConsumer,
  type StreamLimits,
  type StreamOptions,
  type TypedEnvelope,
} from '@lbf/proto-events';
import { connect, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import type { Logger } from './logger';
import { natsServers } from './nats-permissions';

export interface EventBus extends StreamOptions {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
  /** `headers`: extra message headers (the trace context). */
  publish(envelope: Envelope, headers?: Record<string, string>): Promise<void>;
  close(): Promise<void>;
  /** The durable consumers this process runs (their lag is a metric). */
  durables: Set<string>;
}

/**
 * Connects to NATS, ensures the stream (with its age and size limits) and returns a bus. Reconnects forever after the first
 * connection, so a broker restart only delays publishing (the outbox keeps the events meanwhile).
 */
export async function connectEventBus(args: StreamOptions & Partial<StreamLimits> & { url: string; name: string; log: Logger }): Promise<EventBus> {
  const nc = await connect({
    ...natsServers(args.url),
    name: args.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    timeout: 5000,
  });
  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnect') args.log.warn({ nats: s.type }, 'NATS connection status');
    }
  })();
  const jsm = await nc.jetstreamManager();
  await ensureStream(jsm, args);
  const js = nc.jetstream({ timeout: 5000 });
  return {
    stream: args.stream,
    prefix: args.prefix,
    nc,
    js,
    jsm,
    publish: (envelope, headers) => publishEnvelope(js, args.prefix, envelope, headers),
    durables: new Set(),
    async close() {
      await nc.drain().catch(() => nc.close());
    },
  };
}

/**
 * Plain (non-durable) fan-out of one subject to this process, for pushing live updates to the
 * subscribers connected here. Every instance gets every message; nothing is acked or stored.
 */
export function listenLive<S extends EventSubject>(
  bus: EventBus,
  subject: S,
  onMessage: (raw: Uint8Array) => void,
): { stop(): void } {
  const sub = bus.nc.subscribe(natsSubject(bus.prefix, subject));
  void (async () => {
    for await (const m of sub) onMessage(m.data);
  })();
  return { stop: () => sub.unsubscribe() };
}

export type { RunningConsumer, TypedEnvelope };
export { consumeEvents };
