import * as z from 'zod/mini';
import { adminFr, CONTENT_CATEGORIES, type ContentCategory } from '@/i18n/admin';
import { creditFields, isImage, optionalFile, price, text, titledEditSchema } from '../lib/form-rules';

const t = adminFr.pdfs;

const fields = {
  title: text(adminFr.fieldNames.title, 200),
  description: text(adminFr.fieldNames.description, 5000),
  category: z.enum(CONTENT_CATEGORIES),
  price,
};

/** Spec §5, PDF upload: title and file required, application/pdf, an image illustration, messages verbatim. */
export const pdfUploadSchema = z
  .object({ ...fields, file: optionalFile, illustration: optionalFile })
  .check(
    z.superRefine((values, ctx) => {
      if (!values.title.trim()) ctx.addIssue({ code: 'custom', message: t.required, path: ['title'] });
      else if (!values.file) ctx.addIssue({ code: 'custom', message: t.required, path: ['file'] });
      if (values.file && values.file.type !== 'application/pdf') {
        ctx.addIssue({ code: 'custom', message: t.invalidPdf, path: ['file'] });
      }
      if (values.illustration && !isImage(values.illustration)) {
        ctx.addIssue({ code: 'custom', message: t.invalidIllustration, path: ['illustration'] });
      }
    }),
  );
export type PdfUploadValues = z.infer<typeof pdfUploadSchema>;

const DEFAULT_CATEGORY: ContentCategory = 'health';

export function emptyPdfUpload(): PdfUploadValues {
  // Spec §9: stored PDFs are shown at $1.00.
  return { title: '', description: '', category: DEFAULT_CATEGORY, price: '1.00', file: null, illustration: null };
}

/** The edit dialog's: the upload's fields and who stands behind the guide (« Par », « Relu par », « Mis à jour le »). */
export const pdfEditSchema = titledEditSchema({ ...fields, ...creditFields });
export type PdfEditValues = z.infer<typeof pdfEditSchema>;
