import * as z from 'zod/mini';
import { adminFr } from '@/i18n/admin';

/** The same price rule as the server: a positive amount, '3.59' or '3,59'. */
export const price = z.string().check(z.trim(), z.regex(/^\d{1,6}([.,]\d{1,2})?$/, adminFr.common.invalidPrice));

export function text(what: string, max: number) {
  return z.string().check(z.maxLength(max, adminFr.common.tooLong(what, max)));
}

export const optionalFile = z.nullable(z.custom<File>((value) => value instanceof File));

/** '3.59' from 359 cents, as the price field shows it. */
export function centsToPrice(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** '' -> null, '  12 ' -> 12; the schema already refused anything else. */
export function optionalInteger(value: string): number | null {
  const trimmed = value.trim();
  return trimmed ? Number.parseInt(trimmed, 10) : null;
}

/** '' -> null so the server stores "none" rather than an empty name. */
export function blankToNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

export function isImage(file: File): boolean {
  return file.type.startsWith('image/');
}

/** An edit dialog's schema (video, PDF): its fields, the title never emptied ('Ce champ est obligatoire.'). */
export function titledEditSchema<S extends z.core.$ZodShape & { title: z.ZodMiniType<string> }>(fields: S) {
  return z.object(fields).check(
    z.superRefine((values, ctx) => {
      if (!(values as { title: string }).title.trim()) ctx.addIssue({ code: 'custom', message: adminFr.common.required, path: ['title'] });
    }),
  );
}

/** Today as a date field writes it (YYYY-MM-DD), on the administrator's own calendar. */
export function todayField(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * « Par », « Relu par » and « Mis à jour le » of an article, a lesson or a guide, with the server's
 * limits: names of 120 characters at most, a day not in the future (empty: none). The server decides
 * what "today" is (its day begins in the earliest time zone); here a day ahead is let through, so a
 * day the server set in the site's time zone is never refused on a computer whose day is behind it.
 */
export const creditFields = {
  author: text(adminFr.fieldNames.author, 120),
  reviewer: text(adminFr.fieldNames.reviewer, 120),
  contentUpdatedOn: z.string().check(
    z.trim(),
    z.refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && v <= todayField(new Date(Date.now() + 86_400_000))), adminFr.credits.invalidDay),
  ),
};

type CreditValues = { author: string; reviewer: string; contentUpdatedOn: string };

/** The form's values of what the API answers (null as ''). */
export function creditValues(item: { author?: string | null; reviewer?: string | null; contentUpdatedOn?: string | null }): CreditValues {
  return { author: item.author ?? '', reviewer: item.reviewer ?? '', contentUpdatedOn: item.contentUpdatedOn ?? '' };
}

/** What the API takes: trimmed, '' as null (which clears it). */
export function creditsInput(values: CreditValues) {
  return { author: blankToNull(values.author), reviewer: blankToNull(values.reviewer), contentUpdatedOn: blankToNull(values.contentUpdatedOn) };
}
