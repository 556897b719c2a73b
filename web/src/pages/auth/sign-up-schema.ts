import { isPossiblePhoneNumber, type CountryCode } from 'libphonenumber-js/min';
import * as z from 'zod/mini';
import { fr } from '@/i18n/fr';
import { email, newPassword, passwordsMatch, required } from './schemas';

/** Sign-up rules (libphonenumber-js stays in the sign-up chunk). */
export const signUpSchema = z
  .object({
    firstName: required,
    lastName: required,
    email,
    phoneCountry: z.string(),
    phoneNumber: z.string().check(z.minLength(1, fr.auth.required), z.regex(/^\d+$/, fr.auth.phoneDigitsOnly)),
    password: newPassword,
    confirmPassword: z.string().check(z.minLength(1, fr.auth.required)),
    captchaAnswer: z.string().check(z.length(5, fr.auth.captchaIncorrect)),
  })
  .check(
    passwordsMatch,
    z.refine((values) => isPossiblePhoneNumber(values.phoneNumber, values.phoneCountry as CountryCode), {
      message: fr.auth.phoneInvalid,
      path: ['phoneNumber'],
    }),
  );
export type SignUpValues = z.infer<typeof signUpSchema>;

