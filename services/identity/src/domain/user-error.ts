import { UserError } from '@lbf/service-kit';
import { messages } from './messages';

export { UserError };

/** Identity's reasons (the SDL's UserError.code). */
export type UserErrorCode =
  | 'VALIDATION'
  | 'INVALID_CREDENTIALS'
  | 'ACCOUNT_DISABLED'
  | 'EMAIL_TAKEN'
  | 'CAPTCHA_INVALID'
  | 'RATE_LIMITED'
  | 'NOT_ADMIN'
  | 'TOKEN_INVALID'
  | 'SESSION_EXPIRED';

/** A user-facing error (the kit's UserError), titled 'Erreur' unless the spec words another title. */
export function userError(code: UserErrorCode, message: string, opts: { field?: string | null; title?: string | null } = {}): UserError {
  return new UserError(code, message, { field: opts.field ?? null, title: opts.title === undefined ? messages.errorTitle : opts.title });
}

export function validationError(field: string | null, message: string): UserError {
  return userError('VALIDATION', message, { field });
}

/** Whole minutes to wait, never 0, from the limiter's milliseconds. */
export function retryMinutes(msBeforeNext: number): number {
  return Math.max(1, Math.ceil(msBeforeNext / 60_000));
}

export function rateLimitedError(msBeforeNext: number): UserError {
  return userError('RATE_LIMITED', messages.rateLimited(retryMinutes(msBeforeNext)));
}
