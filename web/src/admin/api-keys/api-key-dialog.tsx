import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { Input } from '@/components/ui/input';
import { FormField } from '@/components/ui/form-field';
import { apiKeysFr as t } from '@/i18n/admin/api-keys';
import { resultOf } from '../lib/errors';
import { EditDialogForm } from '../components/edit-dialog';
import { CheckboxGroup, SecretCreateDialog, useCreateWithSecret } from '../components/secret-create-dialog';
import CREATE_API_KEY from './graphql/create-api-key.mutation.graphql';

const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, t.required), z.maxLength(80, t.required)),
  scopes: z.array(z.string()).check(z.minLength(1, t.scopesRequired)),
  costPerMinute: z.string().check(z.refine((v) => /^\d{1,6}$/.test(v.trim()) && Number(v) > 0, t.invalidNumber)),
  expiresAt: z.string().check(z.minLength(1, t.required)),
});
type Values = z.infer<typeof schema>;
type Scope = { scope: string; label: string };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const FIELDS = new Set(['name', 'scopes', 'costPerMinute', 'expiresAt']);

/** « Nouvelle clé d’API »: the form, then the secret, shown this once with a copy button and a warning. */
export function ApiKeyDialog({ open, scopes, onClose }: { open: boolean; scopes: Scope[]; onClose(created: boolean): void }) {
  return (
    <SecretCreateDialog open={open} text={t} testId="api-key-secret" onClose={onClose} form={(onCreated, onCancel) => <ApiKeyForm scopes={scopes} onCreated={onCreated} onCancel={onCancel} />} />
  );
}

function ApiKeyForm({ scopes, onCreated, onCancel }: { scopes: Scope[]; onCreated(secret: string): void; onCancel(): void }) {
  const id = useId();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { name: '', scopes: [], costPerMinute: '600', expiresAt: inDays(365) } });
  const [create] = useApolloMutation(CREATE_API_KEY);
  const { errors } = form.formState;

  const onSubmit = useCreateWithSecret(
    form,
    FIELDS,
    t,
    async (v) => {
      const input = { name: v.name.trim(), scopes: v.scopes, costPerMinute: Number(v.costPerMinute), expiresAt: new Date(`${v.expiresAt}T23:59:59`).toISOString() };
      return resultOf((await create({ variables: { input } })).data, 'adminCreateApiKey');
    },
    onCreated,
  );

  return (
    <EditDialogForm label={t.formTitle} onSubmit={onSubmit} onCancel={onCancel} pending={form.formState.isSubmitting} submitLabel={t.create}>
      <FormField id={`${id}-name`} label={t.fields.name} hint={t.fields.nameHint} error={errors.name?.message}>
        <Input autoComplete="off" data-testid="api-key-name-field" {...form.register('name')} />
      </FormField>
      <FormField id={`${id}-budget`} label={t.fields.budget} hint={t.fields.budgetHint} error={errors.costPerMinute?.message}>
        <Input inputMode="numeric" autoComplete="off" {...form.register('costPerMinute')} />
      </FormField>
      <FormField id={`${id}-expires`} label={t.fields.expiresAt} error={errors.expiresAt?.message}>
        <Input type="date" min={inDays(1)} {...form.register('expiresAt')} />
      </FormField>
      <CheckboxGroup
        legend={t.fields.scopes}
        options={scopes.map((s) => ({ value: s.scope, label: s.label, detail: s.scope }))}
        register={form.register('scopes')}
        error={errors.scopes?.message}
      />
    </EditDialogForm>
  );
}
