import * as z from 'zod/mini';
import { fr } from '@/i18n/fr';
import { consentText } from '@/i18n/my-data';
import { isPhoneText, readTypedPhone } from '@/lib/phone-country';
import { email, newPassword, passwordsMatch, required } from './schemas';

/** Sign-up rules (libphonenumber-js stays in the sign-up chunk). */
export const signUpSchema = z
  .object({
    firstName: required,
    lastName: required,
    email,
    phoneCountry: z.string(),
    phoneNumber: z.string().check(z.minLength(1, fr.auth.required), z.refine(isPhoneText, fr.auth.phoneDigitsOnly)),
    password: newPassword,
    confirmPassword: z.string().check(z.minLength(1, fr.auth.required)),
    captchaAnswer: z.string().check(z.length(5, fr.auth.captchaIncorrect)),
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, consentText.termsRequired)),
    healthDataConsent: z.boolean(),
  })
  .check(
    passwordsMatch,
    z.refine((values) => !isPhoneText(values.phoneNumber) || readTypedPhone(values.phoneNumber, values.phoneCountry).e164 !== null, {
      message: fr.auth.phoneInvalid,
      path: ['phoneNumber'],
    }),
  );
export type SignUpValues = z.infer<typeof signUpSchema>;

