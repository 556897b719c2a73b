import { useState } from 'react';
import { getSessionState, setSession } from '@/apollo/session';
import { toast } from '@/components/ui/toast';
import { useApolloMutation } from '@/data/hooks';
import { accountDeletionText as t } from '@/i18n/account-deletion';
import { fr } from '@/i18n/fr';
import { formatLongDate } from '@/lib/format/date';
import type { UserError } from '@/lib/user-error';
import { markDeletionNoticeSeen } from './notice-seen';
import ACCOUNT_DELETION from './graphql/account-deletion.query.graphql';
import CANCEL_ACCOUNT_DELETION from './graphql/cancel-account-deletion.mutation.graphql';
import REQUEST_ACCOUNT_DELETION from './graphql/request-account-deletion.mutation.graphql';

type Pending = { scheduledFor: string; byAdministrator: boolean } | null;

/** The session's user says the same as the server (the reminder after signing in reads it). */
function adoptInSession(pending: Pending): void {
  const { session } = getSessionState();
  if (session) setSession({ ...session, user: { ...session.user, pendingDeletion: pending && { scheduledFor: pending.scheduledFor, byAdministrator: pending.byAdministrator } } });
}

/** « 5 mars 2027 »: when the account goes. */
export const deletionDate = (iso: string) => formatLongDate(iso);

/**
 * « Supprimer mon compte » and « Annuler la suppression »: the mutations, their toasts, and the
 * session's user kept in step. `request` resolves with the server's refusal (shown in the dialog
 * beside the password) or null once the deletion is programmed.
 */
export function useAccountDeletion() {
  const refetchQueries = [ACCOUNT_DELETION];
  const [requestMutation] = useApolloMutation(REQUEST_ACCOUNT_DELETION, { refetchQueries });
  const [cancelMutation] = useApolloMutation(CANCEL_ACCOUNT_DELETION, { refetchQueries });
  const [cancelling, setCancelling] = useState(false);

  const request = async (password: string): Promise<UserError | null> => {
    const { data } = await requestMutation({ variables: { password } });
    const result = data?.requestAccountDeletion;
    if (!result) throw new Error('requestAccountDeletion returned nothing');
    if (result.error) return result.error;
    const pending = result.user?.pendingDeletion ?? null;
    // They have just been told the date: the reminder is not for now.
    if (pending) markDeletionNoticeSeen(pending.scheduledFor);
    adoptInSession(pending);
    if (pending) toast.success(t.dialog.done, { description: t.dialog.doneText(deletionDate(pending.scheduledFor)) });
    return null;
  };

  const cancel = async (): Promise<boolean> => {
    setCancelling(true);
    try {
      const { data } = await cancelMutation();
      const error = data?.cancelAccountDeletion.error;
      if (!data || error) {
        toast.error(error?.title ?? fr.common.error, { description: error?.message ?? t.pending.cancelFailure });
        return false;
      }
      adoptInSession(null);
      toast.success(t.pending.cancelled, { description: t.pending.cancelledText });
      return true;
    } catch {
      toast.error(fr.common.error, { description: t.pending.cancelFailure });
      return false;
    } finally {
      setCancelling(false);
    }
  };

  return { request, cancel, cancelling };
}
