import { z } from 'zod';
import { messages } from './messages';
import { passwordPairIssues, type FieldIssue } from './password';
import { normalisePhone } from './phone';

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
}

export interface ValidSignUp {
  firstName: string;
  lastName: string;
  email: string;
  /** E.164 */
  phone: string;
  password: string;
}

export type SignUpValidation = { ok: true; value: ValidSignUp } | { ok: false; issues: FieldIssue[] };

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

  if (issues.length || firstName === undefined || lastName === undefined || email === undefined || !phone.ok) {
    return { ok: false, issues };
  }
  return { ok: true, value: { firstName, lastName, email, phone: phone.e164, password: input.password } };
}
