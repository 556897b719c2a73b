import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * Carries the reset link because messaging sends the e-mail; the token in it is single-use and
 * lives one hour (identity stores only its hash). Sensitive: the outbox row is deleted once
 * published and the stream keeps the message two hours, long enough for messaging to send the
 * mail while the link still works (a later mail would carry a dead link anyway).
 */
export const identityPasswordResetRequested = defineEvent({
  subject: 'identity.password_reset.requested',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    resetUrl: z.url(),
    expiresAt: z.iso.datetime(),
  }),
  sensitive: { retentionMs: 2 * 60 * 60 * 1000 },
});
