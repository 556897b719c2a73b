import { z } from 'zod';
import { CODES, userError, type UserError } from '../shared/errors';
import { messages } from '../shared/messages';
import { normalisePhone } from './phone';

/** The accounts' pure rules: the password pair, the sign-up form, and what a refused sign-in says. */

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordSchema = z
  .string()
  .min(1, messages.required)
  .min(PASSWORD_MIN_LENGTH, messages.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, messages.passwordTooLong);

export interface FieldIssue {
  field: string;
  message: string;
}

/** The password pair of the sign-up and reset forms: rules on the first, equality on the second. */
export function passwordPairIssues(password: string, confirmPassword: string): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const first = passwordSchema.safeParse(password);
  if (!first.success) issues.push({ field: 'password', message: first.error.issues[0]!.message });
  if (!confirmPassword) issues.push({ field: 'confirmPassword', message: messages.required });
  else if (confirmPassword !== password) issues.push({ field: 'confirmPassword', message: messages.passwordsMismatch });
  return issues;
}

export interface SignUpFields {
  firstName: string;
  lastName: string;
  email: string;
  phoneCountry: string;
  phoneNumber: string;
  password: string;
  confirmPassword: string;
  captchaId: string;
  captchaAnswer: string;
  /** The box « J'accepte les conditions d'utilisation et la politique de confidentialité »: must be ticked. */
  acceptTerms?: boolean | null;
  /** The optional box of the health-data consent. */
  healthDataConsent?: boolean | null;
}

export interface ValidSignUp {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 */
  phone: string;
  password: string;
  /** Whether the health-data consent was given too (the terms and the privacy notice always are). */
  healthDataConsent: boolean;
}

export type SignUpValidation = { ok: true; value: ValidSignUp } | { ok: false; issues: FieldIssue[] };

/** The terms' box: ticked, nothing else (an absent or false box is refused on its field). */
const acceptTerms = z.literal(true, { error: messages.acceptTermsRequired });

const name = z.string().trim().min(1, messages.required).max(100, messages.nameTooLong);

/** Lowercased, so that the unique index on users.email is case-insensitive. */
export const emailSchema = z.string().trim().toLowerCase().min(1, messages.required).pipe(z.email(messages.emailInvalid).max(254, messages.emailInvalid));

/**
 * The sign-up rules of the spec, every issue in the order of the form's fields so the first one
 * is the one the person meets first.
 */
export function validateSignUp(input: SignUpFields): SignUpValidation {
  const issues: FieldIssue[] = [];
  const field = <T>(key: string, schema: z.ZodType<T>, value: unknown): T | undefined => {
    const r = schema.safeParse(value);
    if (r.success) return r.data;
    issues.push({ field: key, message: r.error.issues[0]!.message });
    return undefined;
  };
  const firstName = field('firstName', name, input.firstName);
  const lastName = field('lastName', name, input.lastName);
  const email = field('email', emailSchema, input.email);
  const phone = normalisePhone(input.phoneCountry ?? '', input.phoneNumber ?? '');
  if (!phone.ok) issues.push({ field: phone.field, message: phone.message });
  issues.push(...passwordPairIssues(input.password ?? '', input.confirmPassword ?? ''));
  if (!input.captchaId?.trim() || !input.captchaAnswer?.trim()) issues.push({ field: 'captchaAnswer', message: messages.required });
  field('acceptTerms', acceptTerms, input.acceptTerms);

  if (issues.length || firstName === undefined || lastName === undefined || email === undefined || !phone.ok) {
    return { ok: false, issues };
  }
  return { ok: true, value: { firstName, lastName, email, phone: phone.e164, password: input.password, healthDataConsent: input.healthDataConsent === true } };
}

export type SignInFailure = 'missing-fields' | 'bad-credentials' | 'banned';

/**
 * What a refused sign-in tells the person. On the admin path every credential failure reads the
 * same ('Identifiants administrateur incorrects.'), with the same code: a customer's right password
 * is a bad credential there, else the answer would confirm the password to someone guessing. A ban
 * is told as such, and only once the password was right (and, on the admin path, the role too).
 */
export function signInError(failure: SignInFailure, asAdmin: boolean): UserError {
  switch (failure) {
    case 'missing-fields':
      return userError(CODES.VALIDATION, messages.fillAllFields, { title: messages.signInErrorTitle });
    case 'bad-credentials':
      return userError(CODES.INVALID_CREDENTIALS, asAdmin ? messages.invalidAdminCredentials : messages.invalidCredentials, {
        title: messages.signInErrorTitle,
      });
    case 'banned':
      return userError(CODES.ACCOUNT_DISABLED, messages.accountDisabled, { title: messages.accountDisabledTitle });
  }
}
