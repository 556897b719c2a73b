import { refuse, UserError } from '@lbf/service-kit';
import type { CatalogueErrorCode } from '../generated/graphql';

export type { CatalogueErrorCode };

/**
 * A refusal of a catalogue use case (the kit's UserError), French and ready to show; `field`
 * names the form field. The codes are the SDL's `enum CatalogueErrorCode` (generated). Thrown only
 * inside a transaction to roll it back, where the use case's `settle` turns it into its Result.
 */
export function catalogueError(code: CatalogueErrorCode, message: string, field: string | null = null): UserError {
  return new UserError(code, message, { field });
}

/** The same refusal as a use case's Result: `return refused('NOT_FOUND', messages.videoNotFound)`. */
export function refused(code: CatalogueErrorCode, message: string, field: string | null = null): { ok: false; error: UserError } {
  return refuse(code, message, { field });
}

export { messages } from './messages';
