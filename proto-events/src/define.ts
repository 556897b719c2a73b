import type { z } from 'zod';

/**
 * One older version of a subject still readable from the stream (or from a parked row): its own
 * schema, and how to turn a payload of it into one of the next version.
 */
export interface PastVersion<In extends z.ZodType = z.ZodType, Out = unknown> {
  version: number;
  schema: In;
  /** From this version to `version + 1`; the chain runs until the current version. */
  upcast: (data: z.infer<In>) => Out;
}

export interface EventDefinition<S extends string = string, C extends z.ZodType = z.ZodType> {
  subject: S;
  /** The version every producer writes today. */
  version: number;
  /** The current version's schema. */
  schema: C;
  /** Older versions, oldest first, each with its upcaster to the next one. */
  past: readonly PastVersion[];
  /**
   * Carries a secret (e.g. a password-reset link): its outbox row is deleted once published, and
   * its messages are purged from the stream after `retentionMs`.
   */
  sensitive: { retentionMs: number } | null;
}

/**
 * Declares a subject with its history. Versions must be consecutive and end just before the
 * current one, so an upcaster chain always reaches it; a mistake here fails at import, not in a consumer.
 */
export function defineEvent<const S extends string, C extends z.ZodType>(def: {
  subject: S;
  version: number;
  schema: C;
  past?: readonly PastVersion[];
  sensitive?: { retentionMs: number };
}): EventDefinition<S, C> {
  const past = [...(def.past ?? [])].sort((a, b) => a.version - b.version);
  past.forEach((p, i) => {
    const expected = def.version - past.length + i;
    if (p.version !== expected) throw new Error(`${def.subject}: past versions must run consecutively up to ${def.version - 1}`);
  });
  return { subject: def.subject, version: def.version, schema: def.schema, past, sensitive: def.sensitive ?? null };
}

/** Types an upcaster against the schemas it joins, so a v1 -> v2 change is checked by the compiler. */
export function pastVersion<In extends z.ZodType, Out extends z.ZodType>(
  version: number,
  schema: In,
  _next: Out,
  upcast: (data: z.infer<In>) => z.infer<Out>,
): PastVersion {
  return { version, schema, upcast: upcast as (data: unknown) => unknown };
}
