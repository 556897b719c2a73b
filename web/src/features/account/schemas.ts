import * as z from 'zod/mini';
import { fr } from '@/i18n/fr';

export const required = z.string().check(z.trim(), z.minLength(1, fr.auth.required), z.maxLength(100, fr.auth.nameTooLong));
export const email = z.string().check(
  z.trim(),
  z.minLength(1, fr.auth.required),
  z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, fr.auth.emailInvalid),
);
/** Same rules and words as the server (6 to 128 characters). */
export const newPassword = z
  .string()
  .check(z.minLength(1, fr.auth.required), z.minLength(6, fr.auth.passwordMin), z.maxLength(128, fr.auth.passwordTooLong));

export const passwordsMatch = z.refine<{ password: string; confirmPassword: string }>(
  (values) => values.password === values.confirmPassword,
  { message: fr.auth.passwordsMismatch, path: ['confirmPassword'] },
);

/** Sign-in: the server answers missing fields with 'Veuillez remplir tous les champs'. */
export const signInSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, fr.auth.fillAllFields), z.regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, fr.auth.emailInvalid)),
  password: z.string().check(z.minLength(1, fr.auth.fillAllFields)),
});
export type SignInValues = z.infer<typeof signInSchema>;

export const forgotSchema = z.object({ email });
export type ForgotValues = z.infer<typeof forgotSchema>;

export const resetSchema = z
  .object({ password: newPassword, confirmPassword: z.string().check(z.minLength(1, fr.auth.required)) })
  .check(passwordsMatch);
export type ResetValues = z.infer<typeof resetSchema>;
