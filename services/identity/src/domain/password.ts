import { z } from 'zod';
import { messages } from './messages';

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
