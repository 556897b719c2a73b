import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { fr } from '@/i18n/fr';
import { toastUnexpected } from '@/lib/show-error';
import { EmailField, SubmitButton } from './auth-form-fields';
import { forgotSchema, type ForgotValues } from './schemas';
import { showServerError } from '../../lib/show-server-error';
import REQUEST_PASSWORD_RESET from './graphql/request-password-reset.mutation.graphql';

/**
 * 'Mot de passe oublié ?'. For customers the server e-mails a link to /auth?reset=<token>; for
 * administrators (asAdmin) nothing is e-mailed and the server's message says to contact the main
 * administrator. Either way the server's message is shown as it is.
 */
export function ForgotPasswordForm({ asAdmin, idPrefix, onBack }: { asAdmin: boolean; idPrefix: string; onBack(): void }) {
  const [requestReset] = useApolloMutation(REQUEST_PASSWORD_RESET);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const form = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      const { data } = await requestReset({ variables: { input: { email, asAdmin } } });
      const result = data?.requestPasswordReset;
      if (!result) return toastUnexpected();
      if (result.error) return showServerError(result.error, form.setError, ['email']);
      setSentMessage(result.message ?? '');
    } catch {
      toastUnexpected();
    }
  });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold">{fr.auth.forgotTitle}</h2>
        <p className="text-sm text-muted-foreground">{asAdmin ? fr.auth.forgotAdminText : fr.auth.forgotText}</p>
      </div>
      {sentMessage !== null ? (
        <p role="status" data-testid="forgot-result" className="flex items-start gap-2 rounded-md border bg-accent p-3 text-sm text-accent-foreground">
          <MailCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {sentMessage}
        </p>
      ) : (
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <EmailField id={`${idPrefix}-forgot-email`} field={form.register('email')} error={errors.email?.message} />
          <SubmitButton submitting={isSubmitting} label={fr.auth.forgotSubmit} pendingLabel={fr.auth.forgotPending} />
        </form>
      )}
      <Button type="button" variant="ghost" className="self-center" onClick={onBack}>
        <ArrowLeft aria-hidden="true" />
        {fr.auth.backToSignIn}
      </Button>
    </div>
  );
}
