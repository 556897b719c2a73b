import { z } from 'zod';
import { defineEvent } from '../define';

/** A video or PDF was removed from the catalogue (its files deleted); carries its last title and price. */
export const catalogueItemDeleted = defineEvent({
  subject: 'catalogue.item.deleted',
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
