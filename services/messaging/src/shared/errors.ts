import { refuse, UserError } from '@lbf/service-kit';
import type { MessagingErrorCode } from '../generated/graphql';

export type { MessagingErrorCode };

/**
 * Messaging's refusals (the kit's one idiom, issue 21): a use case returns `refusal(code, message)`
 * as its Result; inside a transaction it throws `userError(code, message)` so the kit's `settle`
 * rolls back and turns it into the same Result. Codes come from the SDL enum `MessagingErrorCode`.
 */
export function refusal(code: MessagingErrorCode, message: string, opts: { field?: string | null; title?: string | null } = {}) {
  return refuse(code, message, opts);
}

export function userError(code: MessagingErrorCode, message: string, opts: { field?: string | null; title?: string | null } = {}): UserError {
  return new UserError(code, message, opts);
}
