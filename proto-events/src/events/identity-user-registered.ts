import { z } from 'zod';

export const identityUserRegistered = {
  subject: 'identity.user.registered',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    registeredAt: z.iso.datetime(),
  }),
} as const;
