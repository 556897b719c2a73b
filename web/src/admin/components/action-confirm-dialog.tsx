import { useId, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { DialogActions } from './dialog-actions';

export interface ActionConfirmTexts {
  title: string;
  description: string;
  confirm: string;
  pending: string;
  /** The reason textarea's label; without it the dialog asks for no reason. */
  reasonLabel?: string;
  reasonPlaceholder?: string;
  reasonRequired?: string;
}

/**
 * The dialog's state: the reason typed, its error, and the confirmation (refused without a reason
 * when one is asked for) that keeps the dialog open while the action runs, then closes it.
 */
function useReasonConfirm(texts: ActionConfirmTexts, onOpenChange: (open: boolean) => void, onConfirm: (reason: string) => Promise<void>) {
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    setReason('');
    setError(undefined);
    onOpenChange(false);
  };

  const confirm = async () => {
    const trimmed = reason.trim();
    if (texts.reasonLabel && !trimmed) {
      setError(texts.reasonRequired ?? adminFr.common.required);
      return;
    }
    setPending(true);
    try {
      await onConfirm(trimmed);
    } finally {
      setPending(false);
      close();
    }
  };

  const typeReason = (value: string) => {
    setReason(value);
    if (error) setError(undefined);
  };
  return { pending, reason, error, typeReason, close, confirm };
}

/**
 * Confirms an administrator's action, with a mandatory reason when `texts.reasonLabel` is given
 * (recorded by the server with the administrator's id). Stays open, disabled, while the action
 * runs; closes when it is done whatever the outcome (the outcome is a toast).
 */
export function ActionConfirmDialog({
  open,
  texts,
  destructive,
  onOpenChange,
  onConfirm,
}: {
  open: boolean;
  texts: ActionConfirmTexts;
  destructive?: boolean;
  onOpenChange(open: boolean): void;
  onConfirm(reason: string): Promise<void>;
}) {
  const { pending, reason, error, typeReason, close, confirm } = useReasonConfirm(texts, onOpenChange, onConfirm);
  const id = useId();

  return (
    <Dialog open={open} onOpenChange={(next) => !pending && (next ? onOpenChange(true) : close())}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogDescription>{texts.description}</DialogDescription>
        </DialogHeader>
        <form
          className="flex flex-col gap-4"
          noValidate
          aria-label={texts.title}
          onSubmit={(event) => {
            event.preventDefault();
            void confirm();
          }}
        >
          {texts.reasonLabel && (
            <FormField id={`${id}-reason`} label={texts.reasonLabel} error={error}>
              <Textarea
                rows={3}
                value={reason}
                disabled={pending}
                placeholder={texts.reasonPlaceholder}
                maxLength={500}
                onChange={(event) => typeReason(event.target.value)}
              />
            </FormField>
          )}
          <DialogActions label={texts.confirm} pendingLabel={texts.pending} pending={pending} onCancel={close} destructive={destructive} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
