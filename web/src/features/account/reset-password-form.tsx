import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useForm } from 'react-hook-form';
import { toast } from '@/components/ui/toast';
import { fr } from '@/i18n/fr';
import { toastUnexpected } from '@/lib/show-error';
import { NewPasswordFields, SubmitButton } from './auth-form-fields';
import { showCaughtError } from './form-errors';
import { resetSchema, type ResetValues } from './schemas';
import { showServerError } from '../../lib/show-server-error';
import RESET_PASSWORD from './graphql/reset-password.mutation.graphql';

const FIELDS = ['password', 'confirmPassword'] as const;

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
      if (result.error) return showServerError(result.error, form.setError, FIELDS);
      if (result.message) toast.success(result.message);
      onDone();
    } catch (err) {
      showCaughtError(err, form.setError, FIELDS);
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
      <NewPasswordFields
        ids={{ password: 'reset-password', confirm: 'reset-confirm' }}
        password={{ field: form.register('password'), error: errors.password?.message }}
        confirm={{ field: form.register('confirmPassword'), error: errors.confirmPassword?.message }}
      />
      <SubmitButton submitting={isSubmitting} label={fr.auth.resetSubmit} pendingLabel={fr.auth.resetPending} />
    </form>
  );
}
