import { z } from 'zod';
import { CONSENT_KINDS, CONSENT_SOURCES } from '../consent-documents';
import { defineEvent } from '../define';

/**
 * A person gave or withdrew a consent (identity's append-only history, `user_consents`): published
 * once per change, never for a request that changes nothing (giving what is given, withdrawing what
 * is not). `given` is the state from `changedAt` on; `version` and `source` are those of the consent
 * given (for a withdrawal, of the consent withdrawn). Consumers keep the latest `changedAt` per user
 * and kind. Catalogue and analytics act on `health_data`: without it, no watch progress is kept and
 * views are recorded without the user.
 */
export const identityUserConsentChanged = defineEvent({
  subject: 'identity.user.consent_changed',
  version: 1,
  schema: z.object({
    userId: z.uuid(),
    kind: z.enum(CONSENT_KINDS),
    given: z.boolean(),
    version: z.string().min(1).max(40),
    source: z.enum(CONSENT_SOURCES),
    changedAt: z.iso.datetime(),
  }),
});
