import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { deletionNoticeSeen, markDeletionNoticeSeen } from '@/features/dashboard/account-deletion/notice-seen';
import { PendingDeletion } from '@/features/dashboard/account-deletion/pending-deletion';
import { useAccountDeletion } from '@/features/dashboard/account-deletion/use-account-deletion';
import { accountDeletionText } from '@/i18n/account-deletion';

const t = accountDeletionText;

/**
 * Signing in (or coming back) while the account's deletion is pending: « Votre compte sera supprimé
 * le … » with « Annuler la suppression », or « Continuer ». Once per browser session. Its own chunk,
 * fetched only when a signed-in user has a deletion pending.
 */
export default function PendingDeletionNotice({ scheduledFor, byAdministrator }: { scheduledFor: string; byAdministrator: boolean }) {
  const [open, setOpen] = useState(() => !deletionNoticeSeen(scheduledFor));
  const { cancel, cancelling } = useAccountDeletion();
  const close = () => {
    markDeletionNoticeSeen(scheduledFor);
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !cancelling && close()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t.section.title}</DialogTitle>
        </DialogHeader>
        <PendingDeletion scheduledFor={scheduledFor} byAdministrator={byAdministrator} cancelling={cancelling} onCancel={() => void cancel().then((done) => done && close())} />
        <Button variant="outline" className="self-end" onClick={close} disabled={cancelling}>
          {t.pending.keep}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
