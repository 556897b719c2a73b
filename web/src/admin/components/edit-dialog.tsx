import type { FormEventHandler, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { reportFailure, toastSuccess } from '../lib/errors';
import { DialogActions } from './dialog-actions';

/**
 * The frame of an edit dialog: open while there is something to edit, its title and sentence;
 * `children` is the form, keyed by what it edits so that each opening starts from its values.
 */
export function EditDialog({
  open,
  onClose,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onClose(): void;
  title: string;
  description: string;
  /** The width, e.g. `max-w-xl`. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * The form of an edit dialog, named `label`: its fields on a two-column grid, all disabled while
 * `pending`, then 'Annuler' and the save button ('Enregistrement...' while pending).
 */
export function EditDialogForm({
  label,
  onSubmit,
  onCancel,
  pending,
  submitLabel = adminFr.common.save,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel(): void;
  pending: boolean;
  submitLabel?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="flex flex-col gap-4">
      <fieldset disabled={pending} className="grid gap-4 sm:grid-cols-2">
        {children}
      </fieldset>
      <DialogActions label={submitLabel} pendingLabel={adminFr.common.saving} pending={pending} onCancel={onCancel} />
    </form>
  );
}

/**
 * An edit form's saving: `save` runs the mutation (throwing on a refusal, e.g. with resultOf);
 * done, the screen's success toast and `onDone` (the dialog closes); failed, the screen's toast.
 */
export async function saveEdit(save: () => Promise<unknown>, outcome: { title: string; text: string; failure: string; onDone(): void }): Promise<void> {
  try {
    await save();
    toastSuccess(outcome.title, outcome.text);
    outcome.onDone();
  } catch (err) {
    reportFailure(err, outcome.failure);
  }
}
