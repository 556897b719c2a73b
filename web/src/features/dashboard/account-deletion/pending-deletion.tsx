import { CalendarX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { accountDeletionText } from '@/i18n/account-deletion';
import { deletionDate } from './use-account-deletion';

const t = accountDeletionText.pending;

/** « Votre compte sera supprimé le … » with « Annuler la suppression »: the customer area's, and the reminder's after signing in. */
export function PendingDeletion({
  scheduledFor,
  byAdministrator,
  cancelling,
  onCancel,
}: {
  scheduledFor: string;
  byAdministrator: boolean;
  cancelling: boolean;
  onCancel(): void;
}) {
  return (
    <div className="flex flex-col gap-3" data-testid="pending-deletion">
      <p className="flex items-center gap-2 font-semibold text-destructive">
        <CalendarX className="size-5 shrink-0" aria-hidden="true" />
        {t.title(deletionDate(scheduledFor))}
      </p>
      <p className="text-sm text-muted-foreground">{t.text}</p>
      {byAdministrator && <p className="text-sm text-muted-foreground">{t.byAdministrator}</p>}
      <Button className="self-start" onClick={onCancel} disabled={cancelling} aria-busy={cancelling}>
        {cancelling ? t.cancelling : t.cancel}
      </Button>
    </div>
  );
}
