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
