import { z } from 'zod';
import { defineEvent } from '../define';

/** A video or PDF became available for sale. Prices are integer cents of `currency`. */
export const catalogueItemPublished = defineEvent({
  subject: 'catalogue.item.published',
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
