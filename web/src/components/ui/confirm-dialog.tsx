import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * A question before an action (« Confirmer la suppression », « Retirer votre consentement ? »): stays
 * open, its buttons disabled, while the action runs, and closes when it is done whatever the outcome
 * (the screen tells the outcome). The words are the caller's: this folder holds no strings.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  pendingLabel,
  cancel,
  destructive,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  /** What the action's button reads while it runs (its label otherwise). */
  pendingLabel?: string;
  cancel: string;
  destructive?: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(): Promise<void>;
}) {
  const [pending, setPending] = useState(false);
  const run = async () => {
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
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={pending} onClick={() => onOpenChange(false)}>
            {cancel}
          </Button>
          <Button variant={destructive ? 'destructive' : 'default'} disabled={pending} onClick={() => void run()} data-testid="confirm-action">
            {pending && pendingLabel ? pendingLabel : confirm}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
