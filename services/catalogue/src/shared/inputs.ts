import { z } from 'zod';
import { ARTICLE_CATEGORIES, CONTENT_CATEGORIES } from './categories';
import { messages } from './messages';
import { parsePriceToCents } from './money';

/*
 * Administrators' form inputs, checked on the server whatever the web did (zod at the edge: the
 * operations parse them with the kit's validInput, which turns the first problem into a French
 * UserError naming its field).
 */

const uuid = z.uuid(messages.uploadNotFound);
const optionalText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.tooLong(what, max))
    .nullish()
    .transform((v) => (v ? v : null));

const price = z
  .string()
  .transform((v, ctx) => {
    const cents = parsePriceToCents(v);
    if (cents === null) ctx.addIssue({ code: 'custom', message: messages.invalidPrice });
    return cents ?? 0;
  });

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

export const createVideoInput = z
  .object({
    title: z.string({ error: messages.videoRequired }).trim().min(1, messages.videoRequired).max(200, messages.tooLong('Le titre', 200)),
    videoUploadId: z.uuid({ error: messages.videoRequired }),
    description: description.nullish().transform((v) => v ?? ''),
    category,
    price: price.nullish(),
    durationSeconds: duration.nullish(),
    previewSeconds: previewSeconds.nullish().transform((v) => v ?? 60),
    presenterName: optionalText('Le nom du présentateur', 120),
    presenterTitle: optionalText('Le titre du présentateur', 120),
    presenterPhotoUploadId: uuid.nullish(),
    learnItems: learnItems.nullish().transform((v) => v ?? []),
    thumbnailUploadId: uuid.nullish(),
  });
export type CreateVideoInput = z.infer<typeof createVideoInput>;

export const updateVideoInput = z.object({
  title: z.string().trim().min(1, messages.titleRequired).max(200, messages.tooLong('Le titre', 200)).optional(),
  description: description.nullish().transform((v) => (v === undefined ? undefined : (v ?? ''))),
  category: category.optional(),
  price: price.optional(),
  durationSeconds: duration.nullish(),
  previewSeconds: previewSeconds.nullish().transform((v) => v ?? undefined),
  presenterName: optionalText('Le nom du présentateur', 120).optional(),
  presenterTitle: optionalText('Le titre du présentateur', 120).optional(),
  presenterPhotoUploadId: uuid.optional(),
  learnItems: learnItems.optional(),
  thumbnailUploadId: uuid.optional(),
});
export type UpdateVideoInput = z.infer<typeof updateVideoInput>;

export const createPdfInput = z.object({
  title: z.string({ error: messages.pdfRequired }).trim().min(1, messages.pdfRequired).max(200, messages.tooLong('Le titre', 200)),
  fileUploadId: z.uuid({ error: messages.pdfRequired }),
  description: description.nullish().transform((v) => v ?? ''),
  category,
  price: price.nullish(),
  illustrationUploadId: uuid.nullish(),
});
export type CreatePdfInput = z.infer<typeof createPdfInput>;

export const updatePdfInput = z.object({
  title: z.string().trim().min(1, messages.titleRequired).max(200, messages.tooLong('Le titre', 200)).optional(),
  description: description.nullish().transform((v) => (v === undefined ? undefined : (v ?? ''))),
  category: category.optional(),
  price: price.optional(),
  illustrationUploadId: uuid.optional(),
});
export type UpdatePdfInput = z.infer<typeof updatePdfInput>;

const articleFields = {
  title: z.string().trim().min(1, messages.articleRequired).max(200, messages.tooLong('Le titre', 200)),
  excerpt: z.string().trim().min(1, messages.articleRequired).max(600, messages.tooLong('Le résumé', 600)),
  bodyHtml: z.string().trim().min(1, messages.articleRequired).max(200_000, messages.tooLong('Le contenu', 200_000)),
  author: z.string().trim().min(1, messages.articleRequired).max(120, messages.tooLong("Le nom de l'auteur", 120)),
  category: z.enum(ARTICLE_CATEGORIES, { error: messages.invalidCategory }),
  imageUploadId: uuid.nullish(),
};

export const createArticleInput = z.object({ ...articleFields, publish: z.boolean().nullish().transform((v) => v ?? false) });
export type CreateArticleInput = z.infer<typeof createArticleInput>;

export const updateArticleInput = z.object({
  title: articleFields.title.optional(),
  excerpt: articleFields.excerpt.optional(),
  bodyHtml: articleFields.bodyHtml.optional(),
  author: articleFields.author.optional(),
  category: articleFields.category.optional(),
  imageUploadId: uuid.optional(),
});
export type UpdateArticleInput = z.infer<typeof updateArticleInput>;

const rating = z.number({ error: messages.invalidRating }).int(messages.invalidRating).min(1, messages.invalidRating).max(5, messages.invalidRating);

export const createTestimonialInput = z.object({
  name: z.string({ error: messages.testimonialRequired }).trim().min(1, messages.testimonialRequired).max(120, messages.tooLong('Le nom', 120)),
  location: z.string().trim().max(120, messages.tooLong('La ville', 120)).nullish().transform((v) => v ?? ''),
  content: z.string({ error: messages.testimonialRequired }).trim().min(1, messages.testimonialRequired).max(2000, messages.tooLong('Le témoignage', 2000)),
  rating: rating.nullish().transform((v) => v ?? 5),
  videoTitle: optionalText('Le titre de la vidéo', 200),
  isActive: z.boolean().nullish().transform((v) => v ?? true),
});
export type CreateTestimonialInput = z.infer<typeof createTestimonialInput>;

export const updateTestimonialInput = z.object({
  name: z.string().trim().min(1, messages.testimonialRequired).max(120, messages.tooLong('Le nom', 120)).optional(),
  location: z.string().trim().max(120, messages.tooLong('La ville', 120)).optional(),
  content: z.string().trim().min(1, messages.testimonialRequired).max(2000, messages.tooLong('Le témoignage', 2000)).optional(),
  rating: rating.optional(),
  videoTitle: optionalText('Le titre de la vidéo', 200).optional(),
  isActive: z.boolean().optional(),
});
export type UpdateTestimonialInput = z.infer<typeof updateTestimonialInput>;

export const createUploadInput = z.object({
  kind: z.enum(['VIDEO', 'THUMBNAIL', 'PDF', 'ILLUSTRATION']),
  fileName: z.string().trim().min(1, messages.invalidFileName).max(255, messages.invalidFileName),
  contentType: z.string().trim().min(1).max(200),
  size: z.number().int().positive(),
});
export type CreateUploadInput = z.infer<typeof createUploadInput>;
