import * as z from 'zod/mini';
import { adminFr, CONTENT_CATEGORIES, type ContentCategory } from '@/i18n/admin';
import { creditFields, isImage, optionalFile, price, text, titledEditSchema } from '../lib/form-rules';

const t = adminFr.videos;

/** Spec: up to four 'what you will learn' items on the upload form. */
export const LEARN_ITEM_COUNT = 4;

/** The server's default free preview length, and the range it accepts. */
export const DEFAULT_PREVIEW_SECONDS = 60;
export const MIN_PREVIEW_SECONDS = 10;
const MAX_PREVIEW_SECONDS = 600;

const fields = {
  title: text(adminFr.fieldNames.title, 200),
  description: text(adminFr.fieldNames.description, 5000),
  category: z.enum(CONTENT_CATEGORIES),
  price,
  duration: z.string().check(z.trim(), z.regex(/^\d{0,6}$/, t.invalidDuration)),
  previewSeconds: z.string().check(
    z.trim(),
    z.refine((v) => /^\d{1,3}$/.test(v) && Number(v) >= MIN_PREVIEW_SECONDS && Number(v) <= MAX_PREVIEW_SECONDS, t.invalidPreviewSeconds),
  ),
  presenterName: text(adminFr.fieldNames.presenterName, 120),
  presenterTitle: text(adminFr.fieldNames.presenterTitle, 120),
  learnItems: z.array(text(adminFr.fieldNames.learnItem, 200)),
};

/** Spec §5, video upload: title and file required, a video/ file, an image/ thumbnail, messages verbatim. */
export const videoUploadSchema = z
  .object({ ...fields, presenterPhoto: optionalFile, videoFile: optionalFile, thumbnail: optionalFile })
  .check(
    z.superRefine((values, ctx) => {
      if (!values.title.trim()) ctx.addIssue({ code: 'custom', message: t.required, path: ['title'] });
      else if (!values.videoFile) ctx.addIssue({ code: 'custom', message: t.required, path: ['videoFile'] });
      if (values.videoFile && !values.videoFile.type.startsWith('video/')) {
        ctx.addIssue({ code: 'custom', message: t.invalidVideo, path: ['videoFile'] });
      }
      if (values.thumbnail && !isImage(values.thumbnail)) {
        ctx.addIssue({ code: 'custom', message: t.invalidThumbnail, path: ['thumbnail'] });
      }
      if (values.presenterPhoto && !isImage(values.presenterPhoto)) {
        ctx.addIssue({ code: 'custom', message: t.invalidPhoto, path: ['presenterPhoto'] });
      }
    }),
  );
export type VideoUploadValues = z.infer<typeof videoUploadSchema>;

export const DEFAULT_CATEGORY: ContentCategory = 'health';

export function emptyVideoUpload(): VideoUploadValues {
  return {
    title: '',
    description: '',
    category: DEFAULT_CATEGORY,
    // Spec §9: stored videos are shown at $3.59.
    price: '3.59',
    duration: '',
    previewSeconds: String(DEFAULT_PREVIEW_SECONDS),
    presenterName: '',
    presenterTitle: '',
    presenterPhoto: null,
    learnItems: Array.from({ length: LEARN_ITEM_COUNT }, () => ''),
    videoFile: null,
    thumbnail: null,
  };
}

/** The edit dialog's: the upload's fields and who stands behind the lesson (« Par », « Relu par », « Mis à jour le »). */
export const videoEditSchema = titledEditSchema({ ...fields, ...creditFields });
export type VideoEditValues = z.infer<typeof videoEditSchema>;
