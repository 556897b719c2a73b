import { refuse, UserError } from '@lbf/service-kit';
import type { CommerceErrorCode } from '../generated/graphql';

export type { CommerceErrorCode };

type Where = { field?: string | null; title?: string | null };

/** A refusal as the use case's Result (`return refused('ORDER_NOT_FOUND', ERRORS.ORDER_NOT_FOUND, { field })`). */
export function refused(code: CommerceErrorCode, message: string, where: Where = {}): { ok: false; error: UserError } {
  return refuse(code, message, where);
}

/**
 * A refusal thrown from inside a transaction, so that it rolls back; the use case turns it into its
 * Result with the kit's `settle` (imported as `asResult`).
 */
export function refusal(code: CommerceErrorCode, message: string, where: Where = {}): UserError {
  return new UserError(code, message, where);
}
