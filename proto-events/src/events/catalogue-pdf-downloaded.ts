import { z } from 'zod';
import { defineEvent } from '../define';

/** A signed download URL of a PDF was handed out; userId is null when nobody was signed in. */
export const cataloguePdfDownloaded = defineEvent({
  subject: 'catalogue.pdf.downloaded',
  version: 1,
  schema: z.object({
    pdfId: z.uuid(),
    userId: z.uuid().nullable(),
    occurredAt: z.iso.datetime(),
  }),
});
