import { RETENTION } from '@lbf/proto-events/src/retention';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { PasswordInput } from '@/features/account/password-input';
import { accountDeletionText } from '@/i18n/account-deletion';
import { fr } from '@/i18n/fr';
import type { UserError } from '@/lib/user-error';
import { deletionDate } from './use-account-deletion';

const t = accountDeletionText.dialog;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What will be deleted, what is kept: a heading and its list. */
function ListOf({ id, title, lines }: { id: string; title: string; lines: readonly string[] }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <ul className="mt-1 list-disc pl-5 text-sm text-muted-foreground">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * « Supprimer mon compte »: what will be deleted and what is kept (orders and receipts, for the legal
 * period), the date the account goes (the grace period from now), and the password that confirms it.
 * Stays open while the request runs; a refusal (wrong password, too many attempts) shows under the field.
 */
export function DeleteAccountDialog({ open, onOpenChange, onConfirm }: { open: boolean; onOpenChange(open: boolean): void; onConfirm(password: string): Promise<UserError | null> }) {
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const date = deletionDate(new Date(Date.now() + RETENTION.deletionDays * DAY_MS).toISOString());

  const close = () => {
    setPassword('');
    setError(undefined);
    onOpenChange(false);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t.passwordRequired);
    setPending(true);
    try {
      const refused = await onConfirm(password);
      if (refused) setError(refused.message);
      else close();
    } catch {
      setError(t.failure);
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && close()}>
      <DialogContent role="alertdialog" className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription>{t.description(date)}</DialogDescription>
        </DialogHeader>
        <ListOf id={`${id}-deleted`} title={t.deletedTitle} lines={t.deleted} />
        <ListOf id={`${id}-kept`} title={t.keptTitle} lines={t.kept} />
        <form className="flex flex-col gap-4" aria-label={t.title} noValidate onSubmit={(event) => void submit(event)}>
          <FormField id={`${id}-password`} label={t.password} hint={t.passwordHint} error={error}>
            <PasswordInput
              autoComplete="current-password"
              value={password}
              disabled={pending}
              onChange={(event) => {
                setPassword(event.target.value);
                if (error) setError(undefined);
              }}
            />
          </FormField>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={pending}>
              {t.cancel}
            </Button>
            <Button type="submit" variant="destructive" disabled={pending} aria-busy={pending}>
              {pending ? t.pending : t.confirm}
            </Button>
          </div>
          <p className="sr-only" aria-live="polite">
            {pending ? fr.common.loading : ''}
          </p>
        </form>
      </DialogContent>
    </Dialog>
  );
}
