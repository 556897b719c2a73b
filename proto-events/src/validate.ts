import { envelopeSchema, type Envelope } from './envelope';
import { events, isEventSubject, type EventData, type EventSubject } from './registry';

export type DecodeResult =
  | { ok: true; envelope: Envelope<EventData<EventSubject>> & { subject: EventSubject } }
  | { ok: false; reason: string };

/** Parses and validates raw bytes: envelope shape, known subject, known version, payload schema. */
export function decodeEnvelope(raw: Uint8Array | string): DecodeResult {
  let json: unknown;
  try {
    json = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  const env = envelopeSchema.safeParse(json);
  if (!env.success) return { ok: false, reason: `bad envelope: ${env.error.message}` };
  const { subject, version } = env.data;
  if (!isEventSubject(subject)) return { ok: false, reason: `unknown subject ${subject}` };
  const def = events[subject];
  if (def.version !== version) return { ok: false, reason: `unsupported version ${version} of ${subject}` };
  const data = def.schema.safeParse(env.data.data);
  if (!data.success) return { ok: false, reason: `bad payload for ${subject}: ${data.error.message}` };
  return { ok: true, envelope: { ...env.data, subject, data: data.data } };
}

/** Validates a payload before it is written to an outbox, so a producer never emits what consumers would park. */
export function validateData<S extends EventSubject>(subject: S, data: unknown): EventData<S> {
  return events[subject].schema.parse(data) as EventData<S>;
}
