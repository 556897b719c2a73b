import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useAuth } from '@/auth/auth-context';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { fr } from '@/i18n/fr';
import { toastUnexpected } from '@/lib/show-error';
import { userErrorOf } from '@/lib/user-error';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';
import { signInSchema, type SignInValues } from './schemas';
import { showServerError } from '../../lib/show-server-error';

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
      if (result.error) showServerError(result.error, form.setError, ['email', 'password']);
    } catch (err) {
      const refused = userErrorOf(err);
      if (refused) showServerError(refused, form.setError, ['email', 'password']);
      else toastUnexpected();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={fr.auth.tabs.signIn}>
      <FormField id="signin-email" label={fr.auth.email} error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" placeholder={fr.auth.emailPlaceholder} {...form.register('email')} />
      </FormField>
      <FormField id="signin-password" label={fr.auth.password} error={errors.password?.message}>
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? fr.auth.signInPending : fr.auth.signInSubmit}
      </Button>
      <Button type="button" variant="link" className="self-center" onClick={onForgot}>
        {fr.auth.forgotLink}
      </Button>
    </form>
  );
}
