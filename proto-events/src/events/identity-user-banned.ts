import { z } from 'zod';
import { defineEvent } from '../define';

export const identityUserBanned = defineEvent({
  subject: 'identity.user.banned',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    bannedBy: z.uuid(),
    reason: z.string(),
    bannedAt: z.iso.datetime(),
  }),
});
