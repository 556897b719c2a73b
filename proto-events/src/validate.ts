import { envelopeSchema, type Envelope } from './envelope';
import { events, isEventSubject, type EventData, type EventSubject } from './registry';

export type DecodeResult =
  | { ok: true; envelope: Envelope<EventData<EventSubject>> & { subject: EventSubject }; storedVersion: number }
  | { ok: false; reason: string };

/**
 * Parses and validates raw bytes: envelope shape, known subject, known version, payload schema.
 * A past version is validated against its own schema, then upcast step by step to the current
 * one and validated again, so a handler written for the current version reads stored old events.
 * A version newer than this contract is refused (parked) rather than misread: deploy the consumer
 * that knows it, then replay.
 */
export function decodeEnvelope(raw: Uint8Array | string): DecodeResult {
  let json: unknown;
  try {
    json = JSON.parse(typeof raw === 'string' ? raw : Buffer.from(raw).toString('utf8'));
  } catch {
    return { ok: false, reason: 'not JSON' };
  }
  return decodeEnvelopeValue(json);
}

/** The same as `decodeEnvelope`, for an envelope already parsed (e.g. a parked row's jsonb). */
export function decodeEnvelopeValue(json: unknown): DecodeResult {
  const env = envelopeSchema.safeParse(json);
  if (!env.success) return { ok: false, reason: `bad envelope: ${env.error.message}` };
  const { subject, version } = env.data;
  if (!isEventSubject(subject)) return { ok: false, reason: `unknown subject ${subject}` };
  const def = events[subject];
  let data: unknown = env.data.data;
  if (version !== def.version) {
    const from = def.past.findIndex((p) => p.version === version);
    if (from < 0) return { ok: false, reason: `unsupported version ${version} of ${subject} (this contract reads ${readable(subject)})` };
    for (const step of def.past.slice(from)) {
      const parsed = step.schema.safeParse(data);
      if (!parsed.success) return { ok: false, reason: `bad payload for ${subject} v${step.version}: ${parsed.error.message}` };
      try {
        data = step.upcast(parsed.data);
      } catch (err) {
        return { ok: false, reason: `could not upcast ${subject} v${step.version}: ${String(err)}` };
      }
    }
  }
  const current = def.schema.safeParse(data);
  if (!current.success) return { ok: false, reason: `bad payload for ${subject} v${def.version}${version !== def.version ? ` (upcast from v${version})` : ''}: ${current.error.message}` };
  return { ok: true, storedVersion: version, envelope: { ...env.data, subject, version: def.version, data: current.data as EventData<EventSubject> } };
}

function readable(subject: EventSubject): string {
  const def = events[subject];
  return [...def.past.map((p) => p.version), def.version].map((v) => `v${v}`).join(', ');
}

/** Validates a payload before it is written to an outbox, so a producer never emits what consumers would park. */
export function validateData<S extends EventSubject>(subject: S, data: unknown): EventData<S> {
  return events[subject].schema.parse(data) as EventData<S>;
}

/** The version every producer writes today. */
export function currentVersion(subject: EventSubject): number {
  return events[subject].version;
}
