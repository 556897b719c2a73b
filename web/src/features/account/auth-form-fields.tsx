import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { fr } from '@/i18n/fr';
import { PasswordInput } from './password-input';

/** The fields and buttons the auth forms (sign-in, admin, sign-up, forgot and reset password) share. */

export function EmailField({
  id,
  field,
  error,
  autoComplete = 'email',
  placeholder = fr.auth.emailPlaceholder,
}: {
  id: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  autoComplete?: 'email' | 'username';
  /** null: none (the admin's form). */
  placeholder?: string | null;
}) {
  return (
    <FormField id={id} label={fr.auth.email} error={error}>
      <Input type="email" autoComplete={autoComplete} inputMode="email" placeholder={placeholder ?? undefined} {...field} />
    </FormField>
  );
}

export function PasswordField({
  id,
  field,
  error,
  label = fr.auth.password,
  autoComplete,
}: {
  id: string;
  field: UseFormRegisterReturn;
  error: string | undefined;
  label?: string;
  autoComplete: 'current-password' | 'new-password';
}) {
  return (
    <FormField id={id} label={label} error={error}>
      <PasswordInput autoComplete={autoComplete} {...field} />
    </FormField>
  );
}

interface Registered {
  field: UseFormRegisterReturn;
  error: string | undefined;
}

/** A new password and its confirmation (sign-up, password reset). */
export function NewPasswordFields({ ids, password, confirm }: { ids: { password: string; confirm: string }; password: Registered; confirm: Registered }) {
  return (
    <>
      <PasswordField id={ids.password} autoComplete="new-password" {...password} />
      <PasswordField id={ids.confirm} label={fr.auth.confirmPassword} autoComplete="new-password" {...confirm} />
    </>
  );
}

/** The form's main button, worded for the wait while it submits. */
export function SubmitButton({ submitting, disabled = submitting, label, pendingLabel }: { submitting: boolean; disabled?: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" size="lg" disabled={disabled}>
      {submitting ? pendingLabel : label}
    </Button>
  );
}

/** 'Mot de passe oublié ?' under a sign-in form. */
export function ForgotLink({ onForgot }: { onForgot(): void }) {
  return (
    <Button type="button" variant="link" className="self-center" onClick={onForgot}>
      {fr.auth.forgotLink}
    </Button>
  );
}
