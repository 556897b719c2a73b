import { z } from 'zod';
import { defineEvent } from '../define';

/**
 * The site settings every e-mail shows (name, logo, contact address and phone) after an
 * administrator saved them, or as the demo seed wrote them. Messaging keeps the latest as a read
 * model (the newest occurredAt wins); until one arrives, mails use the spec's defaults ('LBF').
 * `siteLogo` is what the settings hold: a site path (/media/...) or an absolute URL, or null.
 * The seller's legal identity (raison sociale, address, NIU) is what a receipt names; optional and
 * added within version 1 (older events lack it; null: not set by an administrator).
 */
export const catalogueSettingsUpdated = defineEvent({
  subject: 'catalogue.settings.updated',
  version: 1,
  schema: z.object({
    siteName: z.string().min(1),
    siteLogo: z.string().nullable(),
    contactEmail: z.string().nullable(),
    contactPhone: z.string().nullable(),
    legalName: z.string().nullable().optional(),
    legalAddress: z.string().nullable().optional(),
    taxId: z.string().nullable().optional(),
    occurredAt: z.iso.datetime(),
  }),
});
