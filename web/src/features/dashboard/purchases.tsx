import { useApolloClient, useApolloMutation, useApolloQuery } from '@/data/hooks';
import { CircleCheck, HelpCircle, Receipt as ReceiptIcon, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { toast } from '@/components/ui/toast';
import { afterPurchase } from '@/features/commerce/after-purchase';
import { formatAmount, type Currency } from '@/features/commerce/currency';
import { CLAIM_PAYMENT } from '@/features/commerce/operations';
import { itemPath, type CheckoutItem, type PaymentMethod } from '@/features/commerce/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import type { OrderStatus } from '@/generated/graphql';
import { checkoutText, orderStatusLabels, paymentMethodLabels, purchasesText as t } from '@/i18n/commerce';
import { fr } from '@/i18n/fr';
import { cn } from '@/lib/utils';
import { MY_PURCHASES_QUERY, type Purchase } from './operations';

const dateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

const STATUS_STYLES: Record<OrderStatus, string> = {
  COMPLETED: 'border-transparent bg-emerald-100 text-emerald-900',
  PENDING: 'border-transparent bg-amber-100 text-amber-900',
  CREATED: 'border-transparent bg-amber-100 text-amber-900',
  FAILED: 'border-transparent bg-red-100 text-red-900',
  EXPIRED: 'border-transparent bg-muted text-muted-foreground',
  CANCELED: 'border-transparent bg-muted text-muted-foreground',
  REFUNDED: 'border-transparent bg-muted text-muted-foreground',
};

function checkoutItemOf(order: Purchase): CheckoutItem {
  return {
    id: order.itemId,
    type: order.itemType,
    title: order.itemTitle,
    priceCents: order.amount.usdCents,
    path: itemPath(order.itemType, order.itemId),
  };
}

/** 'Achats': every order, newest first, its status in French, its receipt; then the claim form. */
export function PurchasesTab({
  currency,
  rate,
  onPay,
}: {
  currency: Currency;
  rate: number;
  onPay(item: CheckoutItem, method: PaymentMethod): void;
}) {
  const { data, loading, error, refetch } = useApolloQuery(MY_PURCHASES_QUERY, { fetchPolicy: 'cache-and-network' });
  const me = data?.me;
  const purchases = me?.purchases ?? [];

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="purchases-title" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="purchases-title" className="text-xl font-bold">
            {t.title}
          </h2>
          {me?.totalSpent && (
            <p className="text-sm text-muted-foreground" data-testid="total-spent">
              {t.total(formatAmount(me.totalSpent, currency, rate))}
            </p>
          )}
        </div>
        {loading && !data ? (
          <div className="flex justify-center py-10">
            <Spinner label={t.loading} className="[&>span:first-child]:size-8" />
          </div>
        ) : error && !data ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-8 text-center">
            <p className="font-semibold">{t.loadError}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              <RotateCcw aria-hidden="true" />
              {checkoutText.retry}
            </Button>
          </div>
        ) : purchases.length === 0 ? (
          <p role="status" className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
            {t.empty}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" data-testid="purchase-list">
            {purchases.map((order) => (
              <li key={order.id}>
                <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="purchase-row" data-status={order.status}>
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="font-medium">{order.itemTitle}</p>
                    <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
                      <span>
                        <span className="sr-only">{t.date} : </span>
                        {dateTime.format(new Date(order.completedAt ?? order.createdAt))}
                      </span>
                      {order.method && (
                        <span>
                          <span className="sr-only">{t.method} : </span>
                          {paymentMethodLabels[order.method]}
                        </span>
                      )}
                      <span className="font-medium text-foreground tabular-nums">
                        <span className="sr-only">{t.amount} : </span>
                        {formatAmount(order.amount, currency, rate)}
                      </span>
                    </p>
                    {order.status === 'FAILED' && order.attempt?.failureMessage && (
                      <p className="text-sm text-destructive">{order.attempt.failureMessage}</p>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge className={STATUS_STYLES[order.status]} data-testid="purchase-status">
                      <span className="sr-only">{t.status} : </span>
                      {orderStatusLabels[order.status]}
                    </Badge>
                    {order.status === 'COMPLETED' ? (
                      <Button asChild size="sm" variant="outline">
                        <Link to={paths.receipt(order.id)} data-testid="receipt-link">
                          <ReceiptIcon aria-hidden="true" />
                          {t.viewReceipt}
                        </Link>
                      </Button>
                    ) : order.status !== 'REFUNDED' ? (
                      <Button size="sm" variant="outline" onClick={() => onPay(checkoutItemOf(order), order.method ?? 'MTN')}>
                        {checkoutText.retry}
                      </Button>
                    ) : null}
                  </div>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ClaimForm purchases={purchases} />
    </div>
  );
}

interface ClaimValues {
  orderId: string;
  operatorTransactionId: string;
  phone: string;
  paidAt: string;
}

/** "J'ai payé mais je n'ai pas accès": commerce asks the provider and says what it found. */
function ClaimForm({ purchases }: { purchases: Purchase[] }) {
  const client = useApolloClient();
  const [claimPayment, { loading }] = useApolloMutation(CLAIM_PAYMENT);
  const [answer, setAnswer] = useState<{ resolved: boolean; message: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ClaimValues>({ defaultValues: { orderId: '', operatorTransactionId: '', phone: '', paidAt: '' } });
  const claimable = purchases.filter((p) => p.status !== 'COMPLETED' && p.status !== 'REFUNDED');

  const submit = form.handleSubmit(async (values) => {
    setAnswer(null);
    const orderId = values.orderId || null;
    const operatorTransactionId = values.operatorTransactionId.trim() || null;
    const phone = values.phone.replace(/[^\d+]/g, '') || null;
    const paidAt = values.paidAt ? new Date(values.paidAt).toISOString() : null;
    if (!orderId && !operatorTransactionId && !(phone && paidAt)) {
      setFormError(t.claim.needOne);
      return;
    }
    setFormError(null);
    try {
      const { data } = await claimPayment({ variables: { input: { orderId, operatorTransactionId, phone, paidAt } } });
      const result = data?.claimPayment;
      if (!result) throw new Error('claimPayment: empty answer');
      if (result.error) {
        setFormError(result.error.message);
        return;
      }
      setAnswer({ resolved: result.resolved, message: result.message });
      if (result.resolved) {
        toast.success(t.claim.resolvedTitle, { description: result.message });
        if (result.order) await afterPurchase(client, { id: result.order.itemId, type: result.order.itemType });
      }
    } catch (err) {
      console.error('claim:', err);
      toast.error(fr.common.error, { description: checkoutText.failureFallback });
    }
  });

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
                {`${p.itemTitle} — ${dateTime.format(new Date(p.createdAt))} — ${orderStatusLabels[p.status]}`}
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
        {answer && (
          <p
            role="status"
            className={cn(
              'flex items-start gap-2 rounded-md border p-3 text-sm sm:col-span-2',
              answer.resolved ? 'border-emerald-300 bg-emerald-50 text-emerald-900' : 'bg-muted',
            )}
            data-testid="claim-answer"
          >
            {answer.resolved && <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />}
            {answer.message}
          </p>
        )}
        <Button type="submit" disabled={loading} className="sm:col-span-2 sm:justify-self-start">
          {loading ? t.claim.pending : t.claim.submit}
        </Button>
      </form>
    </section>
  );
}
