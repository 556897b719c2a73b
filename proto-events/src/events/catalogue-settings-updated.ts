import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * The site settings every e-mail shows (name, logo, contact address and phone) after an
 * administrator saved them, or as the demo seed wrote them. Messaging keeps the latest as a read
 * model (the newest occurredAt wins); until one arrives, mails use the spec's defaults ('LBF').
 * `siteLogo` is what the settings hold: a site path (/media/...) or an absolute URL, or null.
 */
export const catalogueSettingsUpdated = defineEvent({
  subject: 'catalogue.settings.updated',
  version: 1,
  schema: z.object({
    siteName: z.string().min(1),
    siteLogo: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    occurredAt: z.iso.datetime(),
  }),
});
