import { z } from 'zod';
import { defineEvent } from '../define';

export const analyticsPageVisited = defineEvent({
  subject: 'analytics.page.visited',
  version: 1,
  schema: z.object({
    visitId: z.uuid(),
    path: z.string().max(2048),
    visitorId: z.string().max(64),
    userAgent: z.string().max(1024).nullable(),
    notFound: z.boolean(),
    visitedAt: z.iso.datetime(),
  }),
});
