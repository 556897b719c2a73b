import { z } from 'zod';
import { messages } from '../shared/messages';

/* An upload URL's request (shared/inputs.ts holds the fields the rooms share). */

export const createUploadInput = z.object({
  kind: z.enum(['VIDEO', 'THUMBNAIL', 'PDF', 'ILLUSTRATION']),
  fileName: z.string().trim().min(1, messages.invalidFileName).max(255, messages.invalidFileName),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().positive(),
});
export type CreateUploadInput = z.infer<typeof createUploadInput>;
