import { z } from 'zod';
import { ARTICLE_CATEGORIES } from '../shared/categories';
import { creditChanges, credits, optionalText, uuid } from '../shared/inputs';
import { messages } from '../shared/messages';

/* The articles' and testimonials' forms (shared/inputs.ts holds the fields they share with the other rooms). */

const articleFields = {
  title: z.string().trim().min(1, messages.articleRequired).max(200, messages.tooLong('Le titre', 200)),
  excerpt: z.string().trim().min(1, messages.articleRequired).max(600, messages.tooLong('Le résumé', 600)),
  bodyHtml: z.string().trim().min(1, messages.articleRequired).max(200_000, messages.tooLong('Le contenu', 200_000)),
  author: z.string().trim().min(1, messages.articleRequired).max(120, messages.tooLong("Le nom de l'auteur", 120)),
  category: z.enum(ARTICLE_CATEGORIES, { error: messages.invalidCategory }),
  imageUploadId: uuid.nullish(),
  reviewer: credits.reviewer,
  contentUpdatedOn: credits.contentUpdatedOn,
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
  reviewer: creditChanges.reviewer,
  contentUpdatedOn: creditChanges.contentUpdatedOn,
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
