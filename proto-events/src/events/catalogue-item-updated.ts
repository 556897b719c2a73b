import { defineEvent } from '../define';
import { catalogueItemFacts } from './catalogue-item-facts';

/** A video's or PDF's title or price changed; carries the new values. Prices are integer cents. */
export const catalogueItemUpdated = defineEvent({
  subject: 'catalogue.item.updated',
  version: 1,
  schema: catalogueItemFacts,
});
