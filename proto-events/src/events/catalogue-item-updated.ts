import { z } from 'zod';
import { defineEvent } from '../define';

/** A video's or PDF's title or price changed; carries the new values. Prices are integer cents. */
export const catalogueItemUpdated = defineEvent({
  subject: 'catalogue.item.updated',
  version: 1,
  schema: z.object({
    itemId: z.uuid(),
    itemType: z.enum(['video', 'pdf']),
    title: z.string().min(1),
    priceCents: z.number().int().min(0),
    currency: z.literal('USD'),
    occurredAt: z.iso.datetime(),
  }),
});
