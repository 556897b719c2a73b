import { z } from 'zod';
import { defineEvent } from '../define';
import { itemType } from './item';

/**
 * A buyer wrote (or edited) their review of an item they own (issue 26 point 4). Messaging keeps no
 * reminder to review for that buyer and item once it is seen. Ids only: the review's words and the
 * reviewer's name stay in catalogue.
 */
export const catalogueReviewSubmitted = defineEvent({
  subject: 'catalogue.review.submitted',
  version: 1,
  schema: z.object({
    reviewId: z.uuid(),
    userId: z.uuid(),
    itemId: z.uuid(),
    itemType,
    rating: z.number().int().min(1).max(5),
    occurredAt: z.iso.datetime(),
  }),
});
