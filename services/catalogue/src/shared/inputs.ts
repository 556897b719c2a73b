import { z } from 'zod';
import { isPastOrCurrentDay } from './iso';
import { messages } from './messages';
import { parsePriceToCents } from './money';

/*
 * The fields administrators' form inputs are made of, checked on the server whatever the web did
 * (zod at the edge: the operations parse them with the kit's validInput, which turns the first
 * problem into a French UserError naming its field). Each room's inputs.ts puts them together.
 */

export const uuid = z.uuid(messages.uploadNotFound);
export const optionalText = (what: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, messages.tooLong(what, max))
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * Who wrote a piece of health content, who read it over, and the day its content was last brought
 * up to date (« Par … », « Relu par … », « Mis à jour le … »): set by an administrator on every
 * article, video and PDF guide. Null (or blank) clears a name or the day.
 */
const contentDay = z
  .string()
  .trim()
  .refine((v) => v === '' || isPastOrCurrentDay(v), messages.invalidContentDate)
  .nullish()
  .transform((v) => (v ? v : null));
export const credits = {
  author: optionalText("Le nom de l'auteur", 120),
  reviewer: optionalText('Le nom du relecteur', 120),
  contentUpdatedOn: contentDay,
};
/** The same, on an update form: a field left out (undefined) stays as it is. */
export const creditChanges = {
  author: credits.author.optional(),
  reviewer: credits.reviewer.optional(),
  contentUpdatedOn: credits.contentUpdatedOn.optional(),
};
export type CreditChanges = { author?: string | null; reviewer?: string | null; contentUpdatedOn?: string | null };

export const price = z
  .string()
  .transform((v, ctx) => {
    const cents = parsePriceToCents(v);
    if (cents === null) ctx.addIssue({ code: 'custom', message: messages.invalidPrice });
    return cents ?? 0;
  });
