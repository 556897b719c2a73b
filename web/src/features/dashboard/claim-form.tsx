import { CircleCheck, HelpCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { orderStatusLabels, purchasesText as t } from '@/i18n/commerce';
import { cn } from '@/lib/utils';
import type { Purchase } from './operations';
import { orderDateTime } from './purchase-row';
import { useClaimForm } from './use-claim-form';

/** "J'ai payé mais je n'ai pas accès": commerce asks the provider and says what it found. */
export function ClaimForm({ purchases }: { purchases: Purchase[] }) {
  const { form, submit, loading, answer, formError } = useClaimForm();
  const claimable = purchases.filter((p) => p.status !== 'COMPLETED' && p.status !== 'REFUNDED');
  return (
    <section aria-labelledby="claim-title" className="rounded-lg border bg-card p-4 sm:p-6" data-testid="claim-form">
      <h2 id="claim-title" className="flex items-center gap-2 text-lg font-bold">
        <HelpCircle className="size-5 text-primary" aria-hidden="true" />
        {t.claim.title}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t.claim.intro}</p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="claim-order">{t.claim.order}</Label>
          <NativeSelect id="claim-order" {...form.register('orderId')}>
            <option value="">{t.claim.noOrder}</option>
            {claimable.map((p) => (
              <option key={p.id} value={p.id}>
                {`${p.itemTitle} — ${orderDateTime.format(new Date(p.createdAt))} — ${orderStatusLabels[p.status]}`}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-2 sm:col-span-2">
          <Label htmlFor="claim-transaction">{t.claim.transactionId}</Label>
          <Input id="claim-transaction" placeholder={t.claim.transactionPlaceholder} autoComplete="off" {...form.register('operatorTransactionId')} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="claim-phone">{t.claim.phone}</Label>
          <Input id="claim-phone" type="tel" inputMode="tel" placeholder="+237 6 12 34 56 78" autoComplete="tel" {...form.register('phone')} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="claim-paid-at">{t.claim.paidAt}</Label>
          <Input id="claim-paid-at" type="datetime-local" {...form.register('paidAt')} />
        </div>
        {formError && (
          <p role="alert" className="text-sm text-destructive sm:col-span-2">
            {formError}
          </p>
        )}
        {answer && <ClaimAnswer resolved={answer.resolved} message={answer.message} />}
        <Button type="submit" disabled={loading} className="sm:col-span-2 sm:justify-self-start">
          {loading ? t.claim.pending : t.claim.submit}
        </Button>
      </form>
    </section>
  );
}

/** What commerce found: access given (green), or what to do next. */
function ClaimAnswer({ resolved, message }: { resolved: boolean; message: string }) {
  return (
    <p
      role="status"
      className={cn('flex items-start gap-2 rounded-md border p-3 text-sm sm:col-span-2', resolved ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'bg-muted')}
      data-testid="claim-answer"
    >
      {resolved && <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
      {message}
    </p>
  );
}
