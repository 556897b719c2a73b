import { z } from 'zod';

/** A signed download URL of a PDF was handed out; userId is null when nobody was signed in. */
export const cataloguePdfDownloaded = {
  subject: 'catalogue.pdf.downloaded',
  version: 1,
  schema: z.object({
    pdfId: z.uuid(),
    userId: z.uuid().nullable(),
    occurredAt: z.iso.datetime(),
  }),
} as const;
