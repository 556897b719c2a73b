import { Controller } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { textLinkClass } from '@/components/content/rich-text';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fr } from '@/i18n/fr';
import { consentText as t } from '@/i18n/my-data';
import { EmailField, NewPasswordFields, SubmitButton } from './auth-form-fields';
import { CaptchaField } from './captcha-field';
import { PhoneField } from './phone-field';
import { useSignUpForm } from './use-sign-up-form';

export default function SignUpForm({ onBeforeSignUp }: { onBeforeSignUp(): void }) {
  const { form, values, defaultCountry, canSubmit, captchaRef, setCaptcha, setCaptchaAnswer, onSubmit } = useSignUpForm(onBeforeSignUp);
  const { errors, isSubmitting } = form.formState;
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
      <EmailField id="signup-email" field={form.register('email')} error={errors.email?.message} />
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
      <NewPasswordFields
        ids={{ password: 'signup-password', confirm: 'signup-confirm-password' }}
        password={{ field: form.register('password'), error: errors.password?.message }}
        confirm={{ field: form.register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <CaptchaField
        ref={captchaRef}
        answer={values.captchaAnswer ?? ''}
        onAnswerChange={setCaptchaAnswer}
        onChange={setCaptcha}
        error={errors.captchaAnswer?.type === 'server' ? errors.captchaAnswer.message : undefined}
      />
      <CheckboxField
        id="signup-accept-terms"
        data-testid="signup-accept-terms"
        error={errors.acceptTerms?.message}
        label={
          <>
            {t.termsBefore}
            <Link to={paths.terms()} target="_blank" className={textLinkClass}>
              {t.termsLink}
            </Link>
            {t.termsBetween}
            <Link to={paths.privacy()} target="_blank" className={textLinkClass}>
              {t.privacyLink}
            </Link>
          </>
        }
        {...form.register('acceptTerms')}
      />
      <CheckboxField id="signup-health-data" data-testid="signup-health-data" label={t.healthLabel} hint={t.healthHint} {...form.register('healthDataConsent')} />
      <SubmitButton submitting={isSubmitting} disabled={!canSubmit} label={fr.auth.signUpSubmit} pendingLabel={fr.auth.signUpPending} />
    </form>
  );
}
