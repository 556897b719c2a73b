import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAuth } from '@/auth/auth-context';
import { fr } from '@/i18n/fr';
import { EmailField, ForgotLink, PasswordField, SubmitButton } from './auth-form-fields';
import { showCaughtError } from './form-errors';
import { signInSchema, type SignInValues } from './schemas';
import { showServerError } from '../../lib/show-server-error';

const FIELDS = ['email', 'password'] as const;

/** Customer sign-in (Connexion tab). `onSignedIn` fires before the session is adopted. */
export function SignInForm({ onBeforeSignIn, onForgot }: { onBeforeSignIn(): void; onForgot(): void }) {
  const { signIn } = useAuth();
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    onBeforeSignIn();
    try {
      const result = await signIn({ email: values.email, password: values.password });
      if (result.error) showServerError(result.error, form.setError, FIELDS);
    } catch (err) {
      showCaughtError(err, form.setError, FIELDS);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={fr.auth.tabs.signIn}>
      <EmailField id="signin-email" field={form.register('email')} error={errors.email?.message} />
      <PasswordField id="signin-password" field={form.register('password')} error={errors.password?.message} autoComplete="current-password" />
      <SubmitButton submitting={isSubmitting} label={fr.auth.signInSubmit} pendingLabel={fr.auth.signInPending} />
      <ForgotLink onForgot={onForgot} />
    </form>
  );
}
