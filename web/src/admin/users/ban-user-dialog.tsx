import { useId, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { usersFr } from '@/i18n/admin/users';
import { DialogActions } from '../components/dialog-actions';

const t = usersFr.ban;

/** Identity's limit on a ban's reason (services/identity operations/bans.ts). */
const REASON_MAX_LENGTH = 2000;

/**
 * Spec 'Admin users' ban dialog: a reason textarea (free text, no rule: it may stay empty),
 * 'Annuler' / 'Bannir'. Stays open, disabled, while the ban runs; closes when it is done
 * whatever the outcome (the outcome is a toast).
 */
export function BanUserDialog({ who, onClose, onConfirm }: { who: string | null; onClose(): void; onConfirm(reason: string): Promise<void> }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);

  const close = () => {
    setReason('');
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm(reason.trim());
    } finally {
      setPending(false);
      close();
    }
  };

  return (
    <Dialog open={who !== null} onOpenChange={(next) => !next && !pending && close()}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          {who && <DialogDescription>{t.description(who)}</DialogDescription>}
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          aria-label={t.title}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          <FormField id={`${id}-reason`} label={t.reason}>
            <Textarea rows={3} value={reason} disabled={pending} placeholder={t.reasonPlaceholder} maxLength={REASON_MAX_LENGTH} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <DialogActions label={t.confirm} pendingLabel={t.pending} pending={pending} onCancel={close} destructive />
        </form>
      </DialogContent>
    </Dialog>
  );
}
