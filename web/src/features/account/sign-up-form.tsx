import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useAuth } from '@/auth/auth-context';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fr } from '@/i18n/fr';
import { browserPhoneCountry, readTypedPhone } from '@/lib/phone-country';
import { toastUnexpected } from '@/lib/show-error';
import { CaptchaField, type CaptchaHandle, type CaptchaStatus } from './captcha-field';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';
import { PhoneField } from './phone-field';
import { signUpSchema, type SignUpValues } from './sign-up-schema';
import { showServerError } from '../../lib/show-server-error';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneCountry',
  'phoneNumber',
  'password',
  'confirmPassword',
  'captchaAnswer',
] as const;

/** The server's input names that differ from the form's. */
const SERVER_ALIASES = { phone: 'phoneNumber', captchaId: 'captchaAnswer', captcha: 'captchaAnswer' } as const;

export default function SignUpForm({ onBeforeSignUp }: { onBeforeSignUp(): void }) {
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
    },
  });
  const { errors, isSubmitting } = form.formState;
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
        showServerError(result.error, form.setError, FIELDS, SERVER_ALIASES);
        // The server keeps the captcha through a form error but spends it on any later refusal
        // (e-mail taken, wrong code...): a new one is needed then.
        if (result.error.code !== 'VALIDATION') captchaRef.current?.refresh();
      }
    } catch {
      toastUnexpected();
      captchaRef.current?.refresh();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={fr.auth.tabs.signUp}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="signup-first-name" label={fr.auth.firstName} error={errors.firstName?.message}>
          <Input autoComplete="given-name" {...form.register('firstName')} />
        </FormField>
        <FormField id="signup-last-name" label={fr.auth.lastName} error={errors.lastName?.message}>
          <Input autoComplete="family-name" {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id="signup-email" label={fr.auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={fr.auth.emailPlaceholder} {...form.register('email')} />
      </FormField>
      <Controller
        control={form.control}
        name="phoneNumber"
        render={({ field, fieldState }) => (
          <PhoneField
            country={values.phoneCountry ?? defaultCountry}
            onCountryChange={(code) =>
              form.setValue('phoneCountry', code, { shouldDirty: true, shouldValidate: form.getFieldState('phoneNumber').isTouched })
            }
            number={field.value}
            onNumberChange={field.onChange}
            onNumberBlur={field.onBlur}
            error={fieldState.error?.message ?? errors.phoneCountry?.message}
          />
        )}
      />
      <FormField id="signup-password" label={fr.auth.password} error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField id="signup-confirm-password" label={fr.auth.confirmPassword} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <CaptchaField
        ref={captchaRef}
        answer={values.captchaAnswer ?? ''}
        onAnswerChange={setCaptchaAnswer}
        onChange={setCaptcha}
        error={errors.captchaAnswer?.type === 'server' ? errors.captchaAnswer.message : undefined}
      />
      <Button type="submit" size="lg" disabled={!canSubmit}>
        {isSubmitting ? fr.auth.signUpPending : fr.auth.signUpSubmit}
      </Button>
    </form>
  );
}
