import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';

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
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" disabled={pending} onClick={onCancel}>
          {adminFr.common.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? adminFr.common.saving : submitLabel}
        </Button>
      </div>
    </form>
  );
}
