import { z } from 'zod';
import { defineEvent } from '../define';

/** Keys a journal entry's details may never carry, at any depth: what changed, never a secret. */
const SECRET_KEY = /password|passwd|secret|token|hash|credential/i;

/** The largest details a journal entry carries (serialised JSON): a small before/after, not a document. */
export const ADMIN_ACTION_DETAILS_MAX_CHARS = 8000;

function secretKeyIn(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = secretKeyIn(v);
      if (found) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  for (const [key, v] of Object.entries(value)) {
    if (SECRET_KEY.test(key)) return key;
    const found = secretKeyIn(v);
    if (found) return found;
  }
  return null;
}

const details = z
  .record(z.string(), z.json())
  .superRefine((value, ctx) => {
    const key = secretKeyIn(value);
    if (key) ctx.addIssue({ code: 'custom', message: `details may not carry a secret (key ${key})` });
    if (JSON.stringify(value).length > ADMIN_ACTION_DETAILS_MAX_CHARS) ctx.addIssue({ code: 'custom', message: `details longer than ${ADMIN_ACTION_DETAILS_MAX_CHARS} characters` });
  });

/**
 * One administrator's action, recorded by the service that did it in the transaction of the change
 * (its outbox), so it exists exactly when the change committed. One shape for every service's
 * subject; analytics keeps each in its append-only `admin_journal` (« Journal »).
 *
 * - `action`: a code of proto-events' ADMIN_ACTIONS (`user.banned`), carried as text so that a new
 *   action is not a new version; `target.type` one of ADMIN_TARGET_TYPES.
 * - `actor`: the administrator (id, name and e-mail as their access token named them when they
 *   acted), or nobody (`userId` null) for the command line (`origin: 'command-line'`, admin:create),
 *   or an integration calling with its API key (`origin: 'integration'`, issue 24): the key's id in
 *   `userId` and its name in `name`, `email` null.
 * - `ip`, `userAgent`: where the request came from, as the gateway forwarded it (null from the command line).
 * - `details`: what changed (before/after of the fields an update touched, a reason): never a secret
 *   or a password (refused here), at most ADMIN_ACTION_DETAILS_MAX_CHARS characters.
 */
export const adminActionRecordedSchema = z.object({
  action: z.string().regex(/^[a-z_]+\.[a-z_]+$/).max(80),
  actor: z.object({
    userId: z.uuid().nullable(),
    name: z.string().max(200).nullable(),
    email: z.string().max(320).nullable(),
  }),
  origin: z.enum(['back-office', 'command-line', 'integration']),
  ip: z.string().max(64).nullable(),
  userAgent: z.string().max(512).nullable(),
  target: z.object({
    type: z.string().regex(/^[a-z_]+$/).max(40),
    id: z.string().min(1).max(200),
    label: z.string().max(300).nullable(),
  }),
  details,
  occurredAt: z.iso.datetime(),
});

export type AdminActionRecorded = z.infer<typeof adminActionRecordedSchema>;

export const identityAdminActionRecorded = defineEvent({ subject: 'identity.admin.action_recorded', version: 1, schema: adminActionRecordedSchema });
export const catalogueAdminActionRecorded = defineEvent({ subject: 'catalogue.admin.action_recorded', version: 1, schema: adminActionRecordedSchema });
export const commerceAdminActionRecorded = defineEvent({ subject: 'commerce.admin.action_recorded', version: 1, schema: adminActionRecordedSchema });
export const messagingAdminActionRecorded = defineEvent({ subject: 'messaging.admin.action_recorded', version: 1, schema: adminActionRecordedSchema });

/** The services that record administrators' actions, each on its own subject (it may publish only its own). */
export const ADMIN_ACTION_SUBJECTS = [
  identityAdminActionRecorded.subject,
  catalogueAdminActionRecorded.subject,
  commerceAdminActionRecorded.subject,
  messagingAdminActionRecorded.subject,
] as const;

export type AdminActionSubject = (typeof ADMIN_ACTION_SUBJECTS)[number];

/** `<service>.admin.action_recorded`, or null for a service that records none. */
export function adminActionSubject(service: string): AdminActionSubject | null {
  return ADMIN_ACTION_SUBJECTS.find((s) => s === `${service}.admin.action_recorded`) ?? null;
}
