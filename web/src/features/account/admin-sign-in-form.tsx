import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/auth/auth-context';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fr } from '@/i18n/fr';
import { toastUnexpected } from '@/lib/show-error';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';
import { showServerError } from '../../lib/show-server-error';

interface AdminValues {
  email: string;
  password: string;
}

/**
 * Administrator sign-in (Admin tab of /auth and /admin/login). The server refuses
 * non-administrators with its own wording ('Identifiants administrateur incorrects.').
 */
export function AdminSignInForm({
  idPrefix,
  onBeforeSignIn,
  onForgot,
}: {
  idPrefix: string;
  onBeforeSignIn(): void;
  onForgot(): void;
}) {
  const { signIn } = useAuth();
  const form = useForm<AdminValues>({ defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    if (!email.trim() || !password) {
      toast.error(fr.common.error, { description: fr.auth.fillAllFields });
      return;
    }
    onBeforeSignIn();
    try {
      const result = await signIn({ email: email.trim(), password, asAdmin: true });
      if (result.error) showServerError(result.error, form.setError, ['email', 'password']);
    } catch {
      toastUnexpected();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={fr.auth.tabs.admin}>
      <FormField id={`${idPrefix}-email`} label={fr.auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="username" inputMode="email" {...form.register('email')} />
      </FormField>
      <FormField id={`${idPrefix}-password`} label={fr.auth.password} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? fr.auth.signInPending : fr.auth.adminSubmit}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={onForgot}>
        {fr.auth.forgotLink}
      </Button>
    </form>
  );
}
