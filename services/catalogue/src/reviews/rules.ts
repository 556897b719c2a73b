import { z } from 'zod';
import { messages } from '../shared/errors';
import { uuid } from '../shared/inputs';

/** The longest review, in characters (about a page). */
export const REVIEW_MAX_LENGTH = 2000;
/** The longest reason an administrator gives for hiding one. */
export const HIDE_REASON_MAX_LENGTH = 500;
/** Reviews on one page of an item, at most. */
export const REVIEWS_MAX_PAGE = 50;

const rating = z.number({ error: messages.reviewRatingRequired }).int(messages.reviewRatingRequired).min(1, messages.reviewRatingRequired).max(5, messages.reviewRatingRequired);

/** reviewItem's input: the item, 1 to 5 stars, and words (optional, trimmed, at most REVIEW_MAX_LENGTH). */
export const reviewInput = z.object({
  itemId: z.uuid(messages.itemNotFound),
  rating,
  text: z
    .string()
    .trim()
    .max(REVIEW_MAX_LENGTH, messages.reviewTooLong(REVIEW_MAX_LENGTH))
    .nullish()
    .transform((v) => v ?? ''),
});
export type ReviewInput = z.output<typeof reviewInput>;

/** hideReview's arguments: the reason is required, so the journal and the reviewer can read why. */
export const hideInput = z.object({
  id: uuid,
  reason: z.string({ error: messages.hideReasonRequired }).trim().min(1, messages.hideReasonRequired).max(HIDE_REASON_MAX_LENGTH, messages.hideReasonTooLong(HIDE_REASON_MAX_LENGTH)),
});

/**
 * What is shown of a reviewer: their first name and the initial of their last name (« Awa D. »),
 * from the name their order carries; 'Client vérifié' when the order named nobody.
 */
export function reviewerDisplayName(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return 'Client vérifié';
  const first = words[0]!;
  // The name after the first: « Inès Ngo Biyong » is « Inès N. ».
  const last = words[1] ?? '';
  const initial = last ? `${[...last][0]!.toLocaleUpperCase('fr')}.` : '';
  return initial ? `${first} ${initial}` : first;
}

/** An average out of 5 with one decimal (4.25 → 4.3); null when there is nothing to average. */
export function roundedAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}

export interface ReviewCursor {
  createdAt: Date;
  id: string;
}

/** An opaque cursor of a review's place in its item's list (newest first, ties by id). */
export function encodeCursor(c: ReviewCursor): string {
  return Buffer.from(`${c.createdAt.toISOString()}|${c.id}`, 'utf8').toString('base64url');
}

/** The cursor's place, or null for one this service did not make (read as the first page). */
export function decodeCursor(cursor: string | null | undefined): ReviewCursor | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  return id && uuid.safeParse(id).success && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : null;
}

/** How many reviews a page holds: 1 to REVIEWS_MAX_PAGE, 10 when not said. */
export function pageSize(first: number | null | undefined): number {
  return Math.min(REVIEWS_MAX_PAGE, Math.max(1, Math.trunc(first ?? 10)));
}
