import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { useAuth } from '@/auth/auth-context';
import { fr } from '@/i18n/fr';
import { toastUnexpected } from '@/lib/show-error';
import { EmailField, ForgotLink, PasswordField, SubmitButton } from './auth-form-fields';
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
      <EmailField id={`${idPrefix}-email`} field={form.register('email')} error={errors.email?.message} autoComplete="username" placeholder={null} />
      <PasswordField id={`${idPrefix}-password`} field={form.register('password')} error={errors.password?.message} autoComplete="current-password" />
      <SubmitButton submitting={isSubmitting} label={fr.auth.adminSubmit} pendingLabel={fr.auth.signInPending} />
      <ForgotLink onForgot={onForgot} />
    </form>
  );
}
