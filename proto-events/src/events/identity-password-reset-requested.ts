import { z } from 'zod';

/**
 * Carries the reset link because messaging sends the e-mail; the token in it is single-use and
 * short-lived, and identity stores only its hash.
 */
export const identityPasswordResetRequested = {
  subject: 'identity.password_reset.requested',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    resetUrl: z.url(),
    expiresAt: z.iso.datetime(),
  }),
} as const;
