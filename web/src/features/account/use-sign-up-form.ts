import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useAuth } from '@/auth/auth-context';
import { browserPhoneCountry, readTypedPhone } from '@/lib/phone-country';
import { toastUnexpected } from '@/lib/show-error';
import type { CaptchaHandle, CaptchaStatus } from './captcha-field';
import { signUpSchema, type SignUpValues } from './sign-up-schema';
import { showServerError } from '../../lib/show-server-error';

/** The text fields the button waits for (the consent boxes are checked on submit, their error under them). */
const FIELDS = ['firstName', 'lastName', 'email', 'phoneCountry', 'phoneNumber', 'password', 'confirmPassword', 'captchaAnswer'] as const;
/** Every field a server refusal may name. */
const SERVER_FIELDS = [...FIELDS, 'acceptTerms'] as const;

/** The server's input names that differ from the form's. */
const SERVER_ALIASES = { phone: 'phoneNumber', captchaId: 'captchaAnswer', captcha: 'captchaAnswer' } as const;

/**
 * The sign-up form's state: the values as typed, the captcha (its id, whether the code is right,
 * its proof of work), whether 'Créer mon compte' may be pressed, and the submit.
 */
export function useSignUpForm(onBeforeSignUp: () => void) {
  const { signUp } = useAuth();
  const captchaRef = useRef<CaptchaHandle>(null);
  const [defaultCountry] = useState(browserPhoneCountry);
  const [captcha, setCaptcha] = useState<{ id: string | null; status: CaptchaStatus }>({ id: null, status: 'idle' });
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    // Errors appear on submit, then follow typing: no layout jump under the finger on blur.
    reValidateMode: 'onChange',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      phoneCountry: defaultCountry,
      phoneNumber: '',
      password: '',
      confirmPassword: '',
      captchaAnswer: '',
      acceptTerms: false,
      healthDataConsent: false,
    },
  });
  const { isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const allFilled = FIELDS.every((name) => String(values[name] ?? '').trim() !== '');
  const canSubmit = allFilled && captcha.status === 'correct' && captcha.id !== null && !isSubmitting;

  const setCaptchaAnswer = useCallback(
    (value: string) => {
      form.setValue('captchaAnswer', value, { shouldDirty: true });
      if (value) form.clearErrors('captchaAnswer');
    },
    [form],
  );

  const onSubmit = form.handleSubmit(async (input) => {
    if (!captcha.id) return;
    onBeforeSignUp();
    try {
      const proofOfWork = await captchaRef.current!.proof();
      // '+237 677…' typed with France picked is Cameroon's number: sent as Cameroon + its digits.
      const phone = readTypedPhone(input.phoneNumber, input.phoneCountry);
      const result = await signUp({ ...input, phoneCountry: phone.country, phoneNumber: phone.national, captchaId: captcha.id, proofOfWork });
      if (result.error) {
        showServerError(result.error, form.setError, SERVER_FIELDS, SERVER_ALIASES);
        // The server keeps the captcha through a form error but spends it on any later refusal
        // (e-mail taken, wrong code...): a new one is needed then.
        if (result.error.code !== 'VALIDATION') captchaRef.current?.refresh();
      }
    } catch {
      toastUnexpected();
      captchaRef.current?.refresh();
    }
  });

  return { form, values, defaultCountry, canSubmit, captchaRef, setCaptcha, setCaptchaAnswer, onSubmit };
}
