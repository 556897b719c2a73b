import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import { Send, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from '@/components/ui/command';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FieldError } from '@/components/ui/field-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { adminFr } from '@/i18n/admin';
import { resultOf, toastSuccess } from '../lib/errors';
import { runAction } from '../components/admin-action';
import { DialogActions } from '../components/dialog-actions';
import { Textarea } from '@/components/ui/textarea';
import { FormField } from '@/components/ui/form-field';
import { useDebounced } from '../lib/use-debounced';
import { type Recipient } from './operations';
import ADMIN_SEND_MESSAGE from './graphql/admin-send-message.mutation.graphql';
import MESSAGE_RECIPIENTS from './graphql/message-recipients.query.graphql';

const t = adminFr.messages;

function RecipientPicker({ id, value, onChange, disabled, error }: { id: string; value: Recipient | null; onChange(r: Recipient | null): void; disabled: boolean; error?: string }) {
  const [search, setSearch] = useState('');
  const settled = useDebounced(search.trim(), 250);
  const { data, loading } = useApolloQuery(MESSAGE_RECIPIENTS, { variables: { search: settled || null, first: 20 }, skip: value !== null, fetchPolicy: 'cache-and-network' });
  const errorId = `${id}-error`;
  if (value) {
    return (
      <RecipientCard recipient={value}>
        <Button type="button" variant="ghost" size="icon" disabled={disabled} aria-label={t.chooseRecipient} onClick={() => onChange(null)}>
          <X aria-hidden="true" />
        </Button>
      </RecipientCard>
    );
  }
  return (
    <>
      <Command shouldFilter={false} className="rounded-md border" aria-invalid={error ? true : undefined}>
        <CommandInput
          id={id}
          value={search}
          onValueChange={setSearch}
          placeholder={t.searchRecipient}
          disabled={disabled}
          aria-describedby={error ? errorId : undefined}
        />
        <CommandList className="max-h-44" aria-label={t.recipient}>
          {!loading && <CommandEmpty>{t.noRecipient}</CommandEmpty>}
          {(data?.messageRecipients ?? []).map((r) => (
            <CommandItem key={r.id} value={r.id} onSelect={() => onChange(r)} disabled={disabled}>
              <span className="min-w-0">
                <span className="block truncate font-medium">{r.name}</span>
                <span className="block truncate text-xs text-muted-foreground">{r.email}</span>
              </span>
            </CommandItem>
          ))}
        </CommandList>
      </Command>
      <FieldError id={errorId} message={error} />
    </>
  );
}

interface Errors {
  recipient?: string;
  form?: string;
}

/** The message being written: to everyone or to one recipient, its subject and text, and 'Envoyer'. */
function useMessageDraft({ fixedRecipient, onClose, onSent }: { fixedRecipient?: Recipient; onClose(): void; onSent?(): void }) {
  const [toAll, setToAll] = useState(false);
  const [recipient, setRecipient] = useState<Recipient | null>(fixedRecipient ?? null);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [send, { loading }] = useApolloMutation(ADMIN_SEND_MESSAGE);

  const submit = async () => {
    if (!subject.trim() || !content.trim()) {
      setErrors({ form: t.required });
      return;
    }
    const group = !fixedRecipient && toAll;
    if (!group && !recipient) {
      setErrors({ recipient: t.recipientRequired });
      return;
    }
    setErrors({});
    await runAction(async () => {
      const { data } = await send({
        variables: { input: { toAll: group, recipientId: group ? null : recipient!.id, subject: subject.trim(), content: content.trim() } },
      });
      resultOf(data, 'adminSendMessage');
      toastSuccess(t.sent, group ? t.sentToAll : t.sentTo(recipient!.name));
      onSent?.();
      onClose();
    }, t.sendFailure);
  };

  // Choosing everyone or another recipient clears the errors shown.
  const chooseAll = (all: boolean) => {
    setToAll(all);
    setErrors({});
  };
  const choose = (r: Recipient | null) => {
    setRecipient(r);
    setErrors({});
  };
  return { toAll, chooseAll, recipient, choose, subject, setSubject, content, setContent, errors, loading, submit };
}

/** A recipient already chosen: their name and address. */
function RecipientCard({ recipient, children }: { recipient: Recipient; children?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center justify-between gap-2 rounded-md border bg-muted/40 px-3 py-2" data-testid="chosen-recipient">
      <div className="min-w-0 text-sm">
        <p className="truncate font-medium">{recipient.name}</p>
        <p className="truncate text-muted-foreground">{recipient.email}</p>
      </div>
      {children}
    </div>
  );
}

/** 'Envoyer à tous les utilisateurs'. */
function ToAllCheckbox({ checked, onChange }: { checked: boolean; onChange(checked: boolean): void }) {
  return (
    <label className="flex items-center gap-2 text-sm font-medium">
      <input type="checkbox" className="size-4 accent-primary" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {t.toAll}
    </label>
  );
}

function SendMessageForm({ fixedRecipient, onClose, onSent }: { fixedRecipient?: Recipient; onClose(): void; onSent?(): void }) {
  const id = useId();
  const draft = useMessageDraft({ fixedRecipient, onClose, onSent });
  return (
    <form
      aria-label={t.newMessage}
      noValidate
      className="flex min-w-0 flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void draft.submit();
      }}
    >
      <fieldset disabled={draft.loading} className="flex min-w-0 flex-col gap-4">
        {!fixedRecipient && <ToAllCheckbox checked={draft.toAll} onChange={draft.chooseAll} />}
        {(fixedRecipient || !draft.toAll) && (
          <div className="flex min-w-0 flex-col gap-2">
            <Label htmlFor={`${id}-recipient`}>{t.recipient}</Label>
            {fixedRecipient ? (
              <RecipientCard recipient={fixedRecipient} />
            ) : (
              <RecipientPicker id={`${id}-recipient`} value={draft.recipient} disabled={draft.loading} error={draft.errors.recipient} onChange={draft.choose} />
            )}
          </div>
        )}
        <FormField id={`${id}-subject`} label={t.subject}>
          <Input value={draft.subject} maxLength={200} onChange={(e) => draft.setSubject(e.target.value)} />
        </FormField>
        <FormField id={`${id}-content`} label={t.message} error={draft.errors.form}>
          <Textarea rows={5} value={draft.content} maxLength={5000} onChange={(e) => draft.setContent(e.target.value)} />
        </FormField>
      </fieldset>
      <DialogActions label={t.send} pendingLabel={t.sending} pending={draft.loading} onCancel={onClose} icon={<Send aria-hidden="true" />} />
    </form>
  );
}

/**
 * 'Nouveau message' (spec 'Admin messages'): to one user, chosen by name or e-mail, or with
 * 'Envoyer à tous les utilisateurs' to everyone. With `recipient` the dialog writes to that user
 * only (the users page opens it from a row).
 */
export function SendMessageDialog({
  open,
  onOpenChange,
  recipient,
  onSent,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A fixed recipient: no checkbox, no picker. */
  recipient?: Recipient;
  onSent?(): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{t.newMessage}</DialogTitle>
          <DialogDescription>{t.dialogText}</DialogDescription>
        </DialogHeader>
        {open && <SendMessageForm fixedRecipient={recipient} onClose={() => onOpenChange(false)} onSent={onSent} />}
      </DialogContent>
    </Dialog>
  );
}
