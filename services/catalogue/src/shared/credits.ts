import type { ContentCredits } from './records';

/**
 * « Relu par … » and « Mis à jour le … » of an article, a video or a PDF guide (the author is each
 * kind's own: required on an article, optional on an item). Inputs as shared/inputs.ts parses them.
 */

/** A new piece of content: its reviewer if given, its day as given or today's (the site's). */
export function newCredits(i: { reviewer: string | null; contentUpdatedOn: string | null }, today: string): ContentCredits {
  return { reviewer: i.reviewer, contentUpdatedOn: i.contentUpdatedOn ?? today };
}

/** An update form's changes: a field left out stays, null clears it. */
export function applyCredits(target: ContentCredits, changes: { reviewer?: string | null; contentUpdatedOn?: string | null }): void {
  if (changes.reviewer !== undefined) target.reviewer = changes.reviewer;
  if (changes.contentUpdatedOn !== undefined) target.contentUpdatedOn = changes.contentUpdatedOn;
}
