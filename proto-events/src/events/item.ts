import { z } from 'zod';

/** An item's kind, as every event that names an item carries it. */
export const itemType = z.enum(['video', 'pdf']);

/** A sold item as commerce's events name it: its id, its kind and its title at the time of the sale. */
export const soldItem = {
  itemId: z.uuid(),
  itemType,
  itemTitle: z.string().min(1),
};
