import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { webhooksFr as t } from '@/i18n/admin/webhooks';
import { ServerMessageError, reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { EditDialog, EditDialogForm } from '../components/edit-dialog';
import { SecretShown } from '../components/secret-shown';
import { CREATE_WEBHOOK } from './operations';

export const WEBHOOK_EVENTS = ['PURCHASE_COMPLETED', 'PURCHASE_REFUNDED', 'USER_REGISTERED', 'ITEM_PUBLISHED', 'CONTACT_MESSAGE_RECEIVED'] as const;

const schema = z.object({
  url: z.string().check(z.trim(), z.minLength(1, t.required), z.refine((v) => /^https:\/\/\S+$/i.test(v.trim()), t.httpsOnly)),
  events: z.array(z.string()).check(z.minLength(1, t.eventsRequired)),
});
type Values = z.infer<typeof schema>;
const FIELDS = new Set(['url', 'events']);

/** « Nouveau webhook »: the form, then the signing secret, shown this once with a copy button. */
export function WebhookDialog({ open, onClose }: { open: boolean; onClose(created: boolean): void }) {
  const [secret, setSecret] = useState<string | null>(null);
  const close = () => {
    const created = secret !== null;
    setSecret(null);
    onClose(created);
  };
  return (
    <EditDialog open={open} onClose={close} title={secret ? t.secretTitle : t.formTitle} description={secret ? t.secretDescription : t.formDescription} className="max-w-xl">
      {open && (secret ? <SecretShown secret={secret} text={t} testId="webhook-secret" onDone={close} /> : <WebhookForm onCreated={setSecret} onCancel={close} />)}
    </EditDialog>
  );
}

function WebhookForm({ onCreated, onCancel }: { onCreated(secret: string): void; onCancel(): void }) {
  const id = useId();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { url: '', events: [] } });
  const [create] = useApolloMutation(CREATE_WEBHOOK);
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const result = resultOf((await create({ variables: { input: { url: v.url.trim(), events: v.events as (typeof WEBHOOK_EVENTS)[number][] } } })).data, 'adminCreateWebhookSubscription');
      toastSuccess(t.created);
      onCreated(result.secret ?? '');
    } catch (err) {
      if (err instanceof ServerMessageError && err.field && FIELDS.has(err.field)) form.setError(err.field as keyof Values, { message: err.message });
      else reportFailure(err, t.saveFailure);
    }
  });

  return (
    <EditDialogForm label={t.formTitle} onSubmit={onSubmit} onCancel={onCancel} pending={form.formState.isSubmitting} submitLabel={t.create}>
      <FormField id={`${id}-url`} label={t.fields.url} hint={t.fields.urlHint} error={errors.url?.message} className="sm:col-span-2">
        <Input type="url" inputMode="url" autoComplete="off" data-testid="webhook-url-field" {...form.register('url')} />
      </FormField>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium">{t.fields.events}</legend>
        {WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={event} className="size-4 accent-(--color-primary)" {...form.register('events')} />
            <span>{t.events[event]}</span>
          </label>
        ))}
        {errors.events?.message && <p className="text-sm text-destructive">{errors.events.message}</p>}
      </fieldset>
    </EditDialogForm>
  );
}
