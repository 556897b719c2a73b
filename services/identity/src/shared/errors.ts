import { UserError } from '@lbf/service-kit';
import type { IdentityErrorCode } from '../generated/graphql';
import { messages } from './messages';

export { UserError };
export type { IdentityErrorCode };

/** The SDL's enum IdentityErrorCode as values: `CODES.EMAIL_TAKEN` (checked both ways against the generated type). */
export const CODES = {
  VALIDATION: 'VALIDATION',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  ACCOUNT_DISABLED: 'ACCOUNT_DISABLED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  CAPTCHA_INVALID: 'CAPTCHA_INVALID',
  RATE_LIMITED: 'RATE_LIMITED',
  TOKEN_INVALID: 'TOKEN_INVALID',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
} as const satisfies { [K in IdentityErrorCode]: K };

/** A user-facing error (the kit's UserError), titled 'Erreur' unless the spec words another title. */
export function userError(code: IdentityErrorCode, message: string, opts: { field?: string | null; title?: string | null } = {}): UserError {
  return new UserError(code, message, { field: opts.field ?? null, title: opts.title === undefined ? messages.errorTitle : opts.title });
}

export function validationError(field: string | null, message: string): UserError {
  return userError(CODES.VALIDATION, message, { field });
}

/** Whole minutes to wait, never 0, from the limiter's milliseconds. */
export function retryMinutes(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 60_000));
}

export function rateLimitedError(msBeforeNext: number): UserError {
  return userError(CODES.RATE_LIMITED, messages.rateLimited(retryMinutes(msBeforeNext)));
}
