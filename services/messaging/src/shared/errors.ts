import { refuse, UserError, type Result } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
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

/**
 * A query-like mutation's Result where the refusal's own code must reach the client in
 * `extensions.code` (openContactForm: RATE_LIMITED, as the web reads it), not BAD_USER_INPUT.
 */
export function unwrapWithCode<T>(result: Result<T>): T {
  if (!result.ok) throw new GraphQLError(result.error.message, { extensions: { code: result.error.code } });
  return result.value;
}
