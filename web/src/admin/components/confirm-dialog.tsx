import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { adminFr } from '@/i18n/admin';

/** 'Confirmer la suppression' with the screen's sentence (the outcome is a toast). */
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
  const t = adminFr.common;
  return (
    <ConfirmDialog
      open={open}
      title={t.confirmDeleteTitle}
      text={description}
      confirm={t.delete}
      pendingLabel={t.deleting}
      cancel={t.cancel}
      destructive
      onOpenChange={onOpenChange}
      onConfirm={onConfirm}
    />
  );
}
