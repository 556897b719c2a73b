import { headers, type JetStreamClient } from 'nats';
import type { Envelope } from './envelope';
import { natsSubject } from './stream';

/**
 * Publishes one envelope with `Nats-Msg-Id` = event id, so a relay that publishes the same outbox
 * row twice (crash after publish, before marking it sent) stores it once. `extra` headers go with
 * it (the W3C trace context: `traceparent`, `tracestate`), outside the envelope.
 */
export async function publishEnvelope(js: JetStreamClient, prefix: string, envelope: Envelope, extra?: Record<string, string>): Promise<void> {
  const h = headers();
  for (const [name, value] of Object.entries(extra ?? {})) h.set(name, value);
  h.set('Content-Type', 'application/json');
  h.set('Lbf-Event-Version', String(envelope.version));
  await js.publish(natsSubject(prefix, envelope.subject), Buffer.from(JSON.stringify(envelope)), {
    msgID: envelope.id,
    headers: h,
  });
}
