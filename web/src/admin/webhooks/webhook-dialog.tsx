import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { webhooksFr as t } from '@/i18n/admin/webhooks';
import { resultOf } from '../lib/errors';
import { EditDialogForm } from '../components/edit-dialog';
import { CheckboxGroup, SecretCreateDialog, useCreateWithSecret } from '../components/secret-create-dialog';
import CREATE_WEBHOOK from './graphql/create-webhook.mutation.graphql';

export const WEBHOOK_EVENTS = ['PURCHASE_COMPLETED', 'PURCHASE_REFUNDED', 'USER_REGISTERED', 'ITEM_PUBLISHED', 'CONTACT_MESSAGE_RECEIVED'] as const;

const schema = z.object({
  url: z.string().check(z.trim(), z.minLength(1, t.required), z.refine((v) => /^https:\/\/\S+$/i.test(v.trim()), t.httpsOnly)),
  events: z.array(z.string()).check(z.minLength(1, t.eventsRequired)),
});
type Values = z.infer<typeof schema>;
const FIELDS = new Set(['url', 'events']);

/** « Nouveau webhook »: the form, then the signing secret, shown this once with a copy button. */
export function WebhookDialog({ open, onClose }: { open: boolean; onClose(created: boolean): void }) {
  return <SecretCreateDialog open={open} text={t} testId="webhook-secret" onClose={onClose} form={(onCreated, onCancel) => <WebhookForm onCreated={onCreated} onCancel={onCancel} />} />;
}

function WebhookForm({ onCreated, onCancel }: { onCreated(secret: string): void; onCancel(): void }) {
  const id = useId();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { url: '', events: [] } });
  const [create] = useApolloMutation(CREATE_WEBHOOK);
  const { errors } = form.formState;

  const onSubmit = useCreateWithSecret(
    form,
    FIELDS,
    t,
    async (v) => resultOf((await create({ variables: { input: { url: v.url.trim(), events: v.events as (typeof WEBHOOK_EVENTS)[number][] } } })).data, 'adminCreateWebhookSubscription'),
    onCreated,
  );

  return (
    <EditDialogForm label={t.formTitle} onSubmit={onSubmit} onCancel={onCancel} pending={form.formState.isSubmitting} submitLabel={t.create}>
      <FormField id={`${id}-url`} label={t.fields.url} hint={t.fields.urlHint} error={errors.url?.message} className="sm:col-span-2">
        <Input type="url" inputMode="url" autoComplete="off" data-testid="webhook-url-field" {...form.register('url')} />
      </FormField>
      <CheckboxGroup
        legend={t.fields.events}
        options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t.events[event] }))}
        register={form.register('events')}
        error={errors.events?.message}
      />
    </EditDialogForm>
  );
}
