import { useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { DialogActions } from './dialog-actions';

/**
 * 'Confirmer la suppression' with the screen's sentence; stays open (buttons disabled) while the
 * deletion runs, closes when it is done whatever the outcome (the outcome is a toast).
 */
export function ConfirmDeleteDialog({
  open,
  description,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  description: string;
  onOpenChange(open: boolean): void;
  onConfirm(): Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const t = adminFr.common;
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
    } finally {
      setPending(false);
      onOpenChange(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{t.confirmDeleteTitle}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogActions label={t.delete} pendingLabel={t.deleting} pending={pending} destructive onCancel={() => onOpenChange(false)} onConfirm={() => void confirm()} />
      </DialogContent>
    </Dialog>
  );
}
