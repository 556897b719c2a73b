import { z } from 'zod';
import { defineEvent, pastVersion } from '../define';

const v1 = z.object({
  userId: z.uuid(),
  email: z.email(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  registeredAt: z.iso.datetime(),
});

/**
 * v2 adds `origin`: how the account came to exist. Accounts are made by the sign-up form and by
 * the administrators' command (`npm run admin:create`), and the next consumers must tell them
 * apart: messaging sends the "welcome after sign-up" mail only to people who signed up, and
 * analytics' visitors -> sign-ups conversion (issue 10) must not count administrators made on
 * the server. A v1 event is read as a sign-up: before v2 the command made only the first
 * administrators, a handful of accounts, while every other account came from the form.
 */
const v2 = v1.extend({
  origin: z.enum(['sign-up', 'admin-command']),
});

export const identityUserRegistered = defineEvent({
  subject: 'identity.user.registered',
  version: 2,
  schema: v2,
  past: [pastVersion(1, v1, v2, (data) => ({ ...data, origin: 'sign-up' as const }))],
});
