import { headers, type JetStreamClient } from 'nats';
import type { Envelope } from './envelope';
import { natsSubject } from './stream';

/**
 * Publishes one envelope with `Nats-Msg-Id` = event id, so a relay that publishes the same outbox
 * row twice (crash after publish, before marking it sent) stores it once.
 */
export async function publishEnvelope(js: JetStreamClient, prefix: string, envelope: Envelope): Promise<void> {
  const h = headers();
  h.set('Content-Type', 'application/json');
  h.set('Lbf-Event-Version', String(envelope.version));
  await js.publish(natsSubject(prefix, envelope.subject), Buffer.from(JSON.stringify(envelope)), {
    msgID: envelope.id,
    headers: h,
  });
}
