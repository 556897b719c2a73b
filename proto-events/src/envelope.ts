import { randomUUID } from 'node:crypto';
import { z } from 'zod';

/** Every event travels in this envelope; `data` is checked against the subject's own schema. */
export const envelopeSchema = z.object({
  id: z.uuid(),
  subject: z.string().regex(/^[a-z_]+\.[a-z_]+\.[a-z_]+$/),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime(),
  producer: z.string().min(1),
  data: z.unknown(),
});

export type Envelope<TData = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: TData };

export function makeEnvelope<TData>(args: {
  subject: string;
  version: number;
  producer: string;
  data: TData;
  id?: string;
  occurredAt?: Date;
}): Envelope<TData> {
  return {
    id: args.id ?? randomUUID(),
    subject: args.subject,
    version: args.version,
    occurredAt: (args.occurredAt ?? new Date()).toISOString(),
    producer: args.producer,
    data: args.data,
  };
}
