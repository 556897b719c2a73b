import { useState, type ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn, UseFormRegisterReturn } from 'react-hook-form';
import { ServerMessageError, reportFailure, toastSuccess } from '../lib/errors';
import { EditDialog } from './edit-dialog';
import { SecretShown, type SecretShownText } from './secret-shown';

/** The words of a dialog that makes something with a secret (« API », « Webhooks »). */
export interface SecretCreateText extends SecretShownText {
  formTitle: string;
  formDescription: string;
  secretTitle: string;
  secretDescription: string;
}

/**
 * « Nouvelle clé d’API », « Nouveau webhook »: the form, then the secret it made, shown this once.
 * `onClose(created)` says whether something was made.
 */
export function SecretCreateDialog({
  open,
  text: t,
  testId,
  onClose,
  form,
}: {
  open: boolean;
  text: SecretCreateText;
  testId: string;
  onClose(created: boolean): void;
  form(onCreated: (secret: string) => void, onCancel: () => void): ReactNode;
}) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    const created = secret !== null;
    setSecret(null);
    onClose(created);
  };
  return (
    <EditDialog open={open} onClose={close} title={secret ? t.secretTitle : t.formTitle} description={secret ? t.secretDescription : t.formDescription} className="max-w-xl">
      {open && (secret ? <SecretShown secret={secret} text={t} testId={testId} onDone={close} /> : form(setSecret, close))}
    </EditDialog>
  );
}

/**
 * The form's submit: `create(values)` makes it and gives its secret, then the « créé » toast and
 * `onCreated(secret)`; a refusal naming one of `fields` goes under that field, anything else is the toast.
 */
export function useCreateWithSecret<V extends FieldValues>(
  form: UseFormReturn<V>,
  fields: ReadonlySet<string>,
  text: { created: string; saveFailure: string },
  create: (values: V) => Promise<{ secret?: string | null }>,
  onCreated: (secret: string) => void,
) {
  return form.handleSubmit(async (v) => {
    try {
      const result = await create(v);
      toastSuccess(text.created);
      onCreated(result.secret ?? '');
    } catch (err) {
      if (err instanceof ServerMessageError && err.field && fields.has(err.field)) form.setError(err.field as Path<V>, { message: err.message });
      else reportFailure(err, text.saveFailure);
    }
  });
}

/** A list of checkboxes for one array field (scopes, events), its error under them. */
export function CheckboxGroup({
  legend,
  options,
  register,
  error,
}: {
  legend: string;
  options: ReadonlyArray<{ value: string; label: string; detail?: string }>;
  register: UseFormRegisterReturn;
  error: string | undefined;
}) {
  return (
    <fieldset className="flex flex-col gap-2 sm:col-span-2">
      <legend className="text-sm font-medium">{legend}</legend>
      {options.map((o) => (
        <label key={o.value} className="flex items-center gap-2 text-sm">
          <input type="checkbox" value={o.value} className="size-4 accent-(--color-primary)" {...register} />
          <span>{o.label}</span>
          {o.detail && <span className="font-mono text-xs text-muted-foreground">{o.detail}</span>}
        </label>
      ))}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
