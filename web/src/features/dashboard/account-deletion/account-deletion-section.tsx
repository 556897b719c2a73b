import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { LoadError } from '@/components/states/load-error';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApolloQuery } from '@/data/hooks';
import { accountDeletionText } from '@/i18n/account-deletion';
import { DeleteAccountDialog } from './delete-account-dialog';
import { PendingDeletion } from './pending-deletion';
import { useAccountDeletion } from './use-account-deletion';
import ACCOUNT_DELETION from './graphql/account-deletion.query.graphql';

const t = accountDeletionText.section;

/**
 * The customer area's account deletion (issue 23): « Supprimer mon compte » and its dialog, or,
 * once asked, « Votre compte sera supprimé le … » with « Annuler la suppression ». Its own
 * component: it moves to the « Mes données » page when that page exists.
 */
export function AccountDeletionSection() {
  const query = useApolloQuery(ACCOUNT_DELETION, { fetchPolicy: 'cache-and-network' });
  const { request, cancel, cancelling } = useAccountDeletion();
  const [open, setOpen] = useState(false);
  const pending = query.data?.me?.pendingDeletion ?? null;

  let body;
  if (!query.data && query.loading) body = <Spinner label={t.loading} />;
  else if (!query.data && query.error) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (pending) body = <PendingDeletion scheduledFor={pending.scheduledFor} byAdministrator={pending.byAdministrator} cancelling={cancelling} onCancel={() => void cancel()} />;
  else {
    body = (
      <>
        <p className="text-sm text-muted-foreground">{t.intro}</p>
        <Button variant="outline" className="self-start text-destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          {t.open}
        </Button>
      </>
    );
  }

  return (
    <section aria-labelledby="account-deletion-title" className="mt-12 flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6" data-testid="account-deletion">
      <h2 id="account-deletion-title" className="text-lg font-bold">
        {t.title}
      </h2>
      {body}
      <DeleteAccountDialog open={open} onOpenChange={setOpen} onConfirm={request} />
    </section>
  );
}
