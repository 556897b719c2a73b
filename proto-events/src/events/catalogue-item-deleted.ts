import { defineEvent } from '../define';
import { catalogueItemFacts } from './catalogue-item-facts';

/** A video or PDF was removed from the catalogue (its files deleted); carries its last title and price. */
export const catalogueItemDeleted = defineEvent({
  subject: 'catalogue.item.deleted',
  version: 1,
  schema: catalogueItemFacts,
});
