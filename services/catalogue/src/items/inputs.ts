import { z } from 'zod';
import { CONTENT_CATEGORIES } from '../shared/categories';
import { creditChanges, credits, optionalText, price, uuid } from '../shared/inputs';
import { messages } from '../shared/messages';

/* The videos' and PDF guides' forms (shared/inputs.ts holds the fields they share with the other rooms). */

const duration = z.number({ error: messages.invalidDuration }).int(messages.invalidDuration).min(0, messages.invalidDuration).max(86_400 * 2, messages.invalidDuration);
const previewSeconds = z
  .number({ error: messages.invalidPreviewSeconds })
  .int(messages.invalidPreviewSeconds)
  .min(10, messages.invalidPreviewSeconds)
  .max(600, messages.invalidPreviewSeconds);
const learnItems = z
  .array(z.string().trim().min(1).max(200, messages.tooLong('Un point', 200)))
  .max(12, 'Pas plus de 12 points « ce que vous allez apprendre ».');
const category = z.enum(CONTENT_CATEGORIES, { error: messages.invalidCategory });
const description = z.string().trim().max(5000, messages.tooLong('La description', 5000));

/** What every item's form has after its title and file: the description ('' when none), category and price. */
const itemFields = {
  description: description.nullish().transform((v) => v ?? ''),
  category,
  price: price.nullish(),
};

/** What an edit of any item may change; absent keeps it, a null description empties it. */
const itemChanges = {
  title: z.string().trim().min(1, messages.titleRequired).max(200, messages.tooLong('Le titre', 200)).optional(),
  description: description.nullish().transform((v) => (v === undefined ? undefined : (v ?? ''))),
  category: category.optional(),
  price: price.optional(),
};

export const createVideoInput = z
  .object({
    title: z.string({ error: messages.videoRequired }).trim().min(1, messages.videoRequired).max(200, messages.tooLong('Le titre', 200)),
    videoUploadId: z.uuid({ error: messages.videoRequired }),
    ...itemFields,
    durationSeconds: duration.nullish(),
    previewSeconds: previewSeconds.nullish().transform((v) => v ?? 60),
    presenterName: optionalText('Le nom du présentateur', 120),
    presenterTitle: optionalText('Le titre du présentateur', 120),
    presenterPhotoUploadId: uuid.nullish(),
    learnItems: learnItems.nullish().transform((v) => v ?? []),
    thumbnailUploadId: uuid.nullish(),
    ...credits,
  });
export type CreateVideoInput = z.infer<typeof createVideoInput>;

export const updateVideoInput = z.object({
  ...itemChanges,
  durationSeconds: duration.nullish(),
  previewSeconds: previewSeconds.nullish().transform((v) => v ?? undefined),
  presenterName: optionalText('Le nom du présentateur', 120).optional(),
  presenterTitle: optionalText('Le titre du présentateur', 120).optional(),
  presenterPhotoUploadId: uuid.optional(),
  learnItems: learnItems.optional(),
  thumbnailUploadId: uuid.optional(),
  ...creditChanges,
});
export type UpdateVideoInput = z.infer<typeof updateVideoInput>;

export const createPdfInput = z.object({
  title: z.string({ error: messages.pdfRequired }).trim().min(1, messages.pdfRequired).max(200, messages.tooLong('Le titre', 200)),
  fileUploadId: z.uuid({ error: messages.pdfRequired }),
  ...itemFields,
  illustrationUploadId: uuid.nullish(),
  ...credits,
});
export type CreatePdfInput = z.infer<typeof createPdfInput>;

export const updatePdfInput = z.object({
  ...itemChanges,
  illustrationUploadId: uuid.optional(),
  ...creditChanges,
});
export type UpdatePdfInput = z.infer<typeof updatePdfInput>;
