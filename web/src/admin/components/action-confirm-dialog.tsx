import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { adminFr } from '@/i18n/admin';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';

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
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const id = useId();

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
                onChange={(event) => {
                  setReason(event.target.value);
                  if (error) setError(undefined);
                }}
              />
            </FormField>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" disabled={pending} onClick={close}>
              {adminFr.common.cancel}
            </Button>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
              {pending ? texts.pending : texts.confirm}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
