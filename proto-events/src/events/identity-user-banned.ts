import { z } from 'zod';

export const identityUserBanned = {
  subject: 'identity.user.banned',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    bannedBy: z.uuid(),
    reason: z.string(),
    bannedAt: z.iso.datetime(),
  }),
} as const;
