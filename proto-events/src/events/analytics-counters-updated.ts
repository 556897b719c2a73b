import { z } from 'zod';
import { defineEvent } from '../define';

/** `day` is the site's calendar day (YYYY-MM-DD in the site's time zone) that visitsToday counts. */
export const analyticsCountersUpdated = defineEvent({
  subject: 'analytics.counters.updated',
  version: 1,
  schema: z.object({
    registeredUsers: z.number().int().nonnegative(),
    visitsToday: z.number().int().nonnegative(),
    day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
});
