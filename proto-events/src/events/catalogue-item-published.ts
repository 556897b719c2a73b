import { defineEvent } from '../define';
import { catalogueItemFacts } from './catalogue-item-facts';

/** A video or PDF became available for sale. Prices are integer cents of `currency`. */
export const catalogueItemPublished = defineEvent({
  subject: 'catalogue.item.published',
  version: 1,
  schema: catalogueItemFacts,
});
