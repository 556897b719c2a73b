import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { adminFr } from '@/i18n/admin';

/**
 * The last row of a dialog or form: 'Annuler', then its action (the form's submit button, or
 * `onConfirm` outside a form), both disabled while `pending`, the action then reading `pendingLabel`.
 */
export function DialogActions({
  label,
  pendingLabel,
  pending,
  onCancel,
  onConfirm,
  destructive,
  icon,
}: {
  label: string;
  pendingLabel: string;
  pending: boolean;
  onCancel(): void;
  /** Without it, the action submits its form. */
  onConfirm?(): void;
  destructive?: boolean;
  icon?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" disabled={pending} onClick={onCancel}>
        {adminFr.common.cancel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={onConfirm}>
        {icon}
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
