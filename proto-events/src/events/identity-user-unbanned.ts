import { z } from 'zod';
import { defineEvent } from '../define';

/** An administrator lifted a user's active ban (with a reason): they may sign in again. */
export const identityUserUnbanned = defineEvent({
  subject: 'identity.user.unbanned',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    unbannedBy: z.uuid(),
    reason: z.string(),
    unbannedAt: z.iso.datetime(),
  }),
});
