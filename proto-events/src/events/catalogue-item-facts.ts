import { z } from 'zod';
import { itemType } from './item';

/**
 * What the three catalogue item events (published, updated, deleted) say of an item: one shape, so that a
 * consumer reads them alike. Each event still versions on its own: a change here is a new version of all three.
 */
export const catalogueItemFacts = z.object({
  itemId: z.uuid(),
  itemType,
  title: z.string().min(1),
  priceCents: z.number().int().min(0),
  currency: z.literal('USD'),
  occurredAt: z.iso.datetime(),
});
