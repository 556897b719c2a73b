import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * An address confirmed its newsletter subscription (double opt-in done). No address in the
 * payload: the stream keeps a month of events and a consumer (analytics' counters) needs only
 * that one more person subscribed, and from where.
 */
export const messagingNewsletterSubscribed = defineEvent({
  subject: 'messaging.newsletter.subscribed',
  version: 1,
  schema: z.object({
    subscriberId: z.uuid(),
    source: z.enum(['footer', 'catalogue']),
    confirmedAt: z.iso.datetime(),
  }),
});
