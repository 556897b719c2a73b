import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { RESET_PASSWORD } from './operations';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { toastUnexpected } from '@/lib/show-error';
import { userErrorOf } from '@/lib/user-error';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from './password-input';
import { resetSchema, type ResetValues } from './schemas';
import { showServerError } from '../../lib/show-server-error';

/** Reached from the e-mailed link /auth?reset=<token>. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const [resetPassword] = useApolloMutation(RESET_PASSWORD);
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { data } = await resetPassword({ variables: { input: { token, ...values } } });
      const result = data?.resetPassword;
      if (!result) return toastUnexpected();
      if (result.error) return showServerError(result.error, form.setError, ['password', 'confirmPassword']);
      if (result.message) toast.success(result.message);
      onDone();
    } catch (err) {
      const refused = userErrorOf(err);
      if (refused) showServerError(refused, form.setError, ['password', 'confirmPassword']);
      else toastUnexpected();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-labelledby="reset-title">
      <div>
        <h2 id="reset-title" className="text-lg font-semibold">
          {fr.auth.resetTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{fr.auth.resetText}</p>
      </div>
      <FormField id="reset-password" label={fr.auth.password} error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <FormField id="reset-confirm" label={fr.auth.confirmPassword} error={errors.confirmPassword?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? fr.auth.resetPending : fr.auth.resetSubmit}
      </Button>
    </form>
  );
}
