import { zodResolver } from '@hookform/resolvers/zod';
import { useApolloMutation } from '@/data/hooks';
import { useId } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import * as z from 'zod/mini';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { FormField, OptionalMark } from '@/components/ui/form-field';
import { adminFr } from '@/i18n/admin';
import { ServerMessageError, reportFailure, resultOf, toastSuccess } from '../lib/errors';
import { optionalInteger } from '../lib/form-rules';
import { EditDialog, EditDialogForm } from '../components/edit-dialog';
import { type AdminPromoCode } from './operations';
import CREATE_PROMO_CODE from './graphql/create-promo-code.mutation.graphql';
import UPDATE_PROMO_CODE from './graphql/update-promo-code.mutation.graphql';

const t = adminFr.promo;
const f = t.fields;
const wholeOrBlank = z.string().check(z.refine((v) => !v.trim() || /^\d{1,9}$/.test(v.trim()), t.invalidNumber));

const promoSchema = z
  .object({
    code: z.string().check(z.trim(), z.minLength(1, t.required)),
    kind: z.enum(['PERCENT', 'AMOUNT']),
    value: z.string().check(z.refine((v) => /^\d{1,9}$/.test(v.trim()) && Number(v) > 0, t.invalidNumber)),
    startsAt: z.string(),
    endsAt: z.string(),
    maxUses: wholeOrBlank,
    perCustomerMax: wholeOrBlank,
    itemIds: z.array(z.string()),
    active: z.boolean(),
  });
type PromoValues = z.infer<typeof promoSchema>;
type Item = { id: string; title: string; itemType: string };

/** 'YYYY-MM-DDTHH:mm' in this browser's time, as a datetime-local field shows an instant. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

const instant = (local: string) => (local ? new Date(local).toISOString() : null);

function defaults(code: AdminPromoCode | null): PromoValues {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'PERCENT',
    value: String((code?.kind === 'AMOUNT' ? code.amountXaf : code?.percent) ?? ''),
    startsAt: localInput(code?.startsAt),
    endsAt: localInput(code?.endsAt),
    maxUses: code?.maxUses ? String(code.maxUses) : '',
    perCustomerMax: code?.perCustomerMax ? String(code.perCustomerMax) : '',
    itemIds: code?.items.map((i) => i.id) ?? [],
    active: code?.active ?? true,
  };
}

function inputOf(v: PromoValues) {
  const value = Number.parseInt(v.value.trim(), 10);
  return {
    code: v.code.trim(),
    kind: v.kind,
    percent: v.kind === 'PERCENT' ? value : null,
    amountXaf: v.kind === 'AMOUNT' ? value : null,
    itemIds: v.itemIds,
    startsAt: instant(v.startsAt),
    endsAt: instant(v.endsAt),
    maxUses: optionalInteger(v.maxUses),
    perCustomerMax: optionalInteger(v.perCustomerMax),
    active: v.active,
  };
}

/** `editing`: null closed, 'new' for a new code, or the one to edit. */
export function PromoCodeDialog({ editing, items, onClose }: { editing: AdminPromoCode | 'new' | null; items: Item[]; onClose(saved: boolean): void }) {
  return (
    <EditDialog open={editing !== null} onClose={() => onClose(false)} title={editing === 'new' ? t.formTitleNew : t.formTitleEdit} description={t.formDescription} className="max-w-2xl">
      {editing !== null && <PromoCodeForm key={editing === 'new' ? 'new' : editing.id} code={editing === 'new' ? null : editing} items={items} onDone={onClose} />}
    </EditDialog>
  );
}

const FIELDS = new Set(['code', 'percent', 'amountXaf', 'startsAt', 'endsAt', 'maxUses', 'perCustomerMax']);

function PromoCodeForm({ code, items, onDone }: { code: AdminPromoCode | null; items: Item[]; onDone(saved: boolean): void }) {
  const form = useForm<PromoValues>({ resolver: zodResolver(promoSchema), defaultValues: defaults(code) });
  const [create] = useApolloMutation(CREATE_PROMO_CODE);
  const [update] = useApolloMutation(UPDATE_PROMO_CODE);

  const onSubmit = form.handleSubmit(async (values) => {
    const input = inputOf(values);
    try {
      if (code) resultOf((await update({ variables: { id: code.id, input } })).data, 'adminUpdatePromoCode');
      else resultOf((await create({ variables: { input } })).data, 'adminCreatePromoCode');
      toastSuccess(code ? t.updated : t.created);
      onDone(true);
    } catch (err) {
      // The server's refusal of one field goes under it (« Ce code existe déjà. »), any other to a toast.
      if (err instanceof ServerMessageError && err.field && FIELDS.has(err.field)) {
        const name = err.field === 'percent' || err.field === 'amountXaf' ? 'value' : (err.field as keyof PromoValues);
        form.setError(name, { message: err.message });
      } else reportFailure(err, t.saveFailure);
    }
  });

  return (
    <EditDialogForm label={code ? t.formTitleEdit : t.formTitleNew} onSubmit={onSubmit} onCancel={() => onDone(false)} pending={form.formState.isSubmitting} submitLabel={code ? adminFr.common.save : t.create}>
      <PromoFields form={form} items={items} />
    </EditDialogForm>
  );
}

function PromoFields({ form, items }: { form: UseFormReturn<PromoValues>; items: Item[] }) {
  const id = useId();
  const { errors } = form.formState;
  const optional = (label: string) => (
    <>
      {label} <OptionalMark>{adminFr.common.optional}</OptionalMark>
    </>
  );
  return (
    <>
      <FormField id={`${id}-code`} label={f.code} hint={f.codeHint} error={errors.code?.message}>
        <Input autoComplete="off" className="font-mono uppercase" data-testid="promo-code-field" {...form.register('code')} />
      </FormField>
      <FormField id={`${id}-kind`} label={f.kind}>
        <NativeSelect data-testid="promo-kind-field" {...form.register('kind')}>
          <option value="PERCENT">{f.kindPercent}</option>
          <option value="AMOUNT">{f.kindAmount}</option>
        </NativeSelect>
      </FormField>
      <FormField id={`${id}-value`} label={form.watch('kind') === 'PERCENT' ? f.percent : f.amountXaf} error={errors.value?.message}>
        <Input inputMode="numeric" autoComplete="off" data-testid="promo-value-field" {...form.register('value')} />
      </FormField>
      <div className="flex items-center gap-3 self-end pb-2">
        <input id={`${id}-active`} type="checkbox" className="size-4 accent-(--color-primary)" {...form.register('active')} />
        <Label htmlFor={`${id}-active`}>{f.active}</Label>
      </div>
      <FormField id={`${id}-starts`} label={optional(f.startsAt)} error={errors.startsAt?.message}>
        <Input type="datetime-local" {...form.register('startsAt')} />
      </FormField>
      <FormField id={`${id}-ends`} label={optional(f.endsAt)} error={errors.endsAt?.message}>
        <Input type="datetime-local" {...form.register('endsAt')} />
      </FormField>
      <FormField id={`${id}-max`} label={optional(f.maxUses)} hint={f.limitHint} error={errors.maxUses?.message}>
        <Input inputMode="numeric" autoComplete="off" data-testid="promo-max-field" {...form.register('maxUses')} />
      </FormField>
      <FormField id={`${id}-per`} label={optional(f.perCustomerMax)} hint={f.limitHint} error={errors.perCustomerMax?.message}>
        <Input inputMode="numeric" autoComplete="off" {...form.register('perCustomerMax')} />
      </FormField>
      <fieldset className="flex flex-col gap-2 sm:col-span-2">
        <legend className="text-sm font-medium">{f.items}</legend>
        <p className="text-xs text-muted-foreground">{f.itemsHint}</p>
        <div className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
          {items.map((item) => (
            <label key={item.id} className="flex items-center gap-2 text-sm">
              <input type="checkbox" value={item.id} className="size-4 accent-(--color-primary)" {...form.register('itemIds')} />
              <span className="truncate">{item.title}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
