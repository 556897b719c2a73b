import { useApolloQuery } from '@/data/hooks';
import { RotateCcw } from 'lucide-react';
import { formatAmount, type Currency } from '@/features/commerce/currency';
import type { CheckoutItem, PaymentMethod } from '@/features/commerce/types';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { checkoutText, purchasesText as t } from '@/i18n/commerce';
import { ClaimForm } from './claim-form';
import { type Purchase } from './operations';
import { PurchaseRow } from './purchase-row';
import MY_PURCHASES_QUERY from './graphql/my-purchases.query.graphql';

interface ListStatus {
  loading: boolean;
  error: boolean;
  loaded: boolean;
  retry(): void;
}

interface PurchasesProps {
  currency: Currency;
  rate: number;
  onPay(item: CheckoutItem, method: PaymentMethod): void;
}

/** 'Achats': every order, newest first, its status in French, its receipt; then the claim form. */
export function PurchasesTab(props: PurchasesProps) {
  const query = useApolloQuery(MY_PURCHASES_QUERY, { fetchPolicy: 'cache-and-network' });
  const me = query.data?.me;
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
              {t.total(formatAmount(me.totalSpent, props.currency, props.rate))}
            </p>
          )}
        </div>
        <PurchaseList
          status={{ loading: query.loading, error: Boolean(query.error), loaded: Boolean(query.data), retry: () => void query.refetch() }}
          purchases={purchases}
          {...props}
        />
      </section>

      <ClaimForm purchases={purchases} />
    </div>
  );
}

/** The orders, or the wait, the failure to load them (with a retry), or 'no purchase yet'. */
function PurchaseList({ status, purchases, ...row }: PurchasesProps & { status: ListStatus; purchases: Purchase[] }) {
  if (status.loading && !status.loaded) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={t.loading} className="[&>span:first-child]:size-8" />
      </div>
    );
  }
  if (status.error && !status.loaded) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-dashed bg-card p-8 text-center">
        <p className="font-semibold">{t.loadError}</p>
        <Button variant="outline" onClick={status.retry}>
          <RotateCcw aria-hidden="true" />
          {checkoutText.retry}
        </Button>
      </div>
    );
  }
  if (purchases.length === 0) {
    return (
      <p role="status" className="rounded-lg border border-dashed bg-card p-8 text-center text-muted-foreground">
        {t.empty}
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3" data-testid="purchase-list">
      {purchases.map((order) => (
        <li key={order.id}>
          <PurchaseRow order={order} {...row} />
        </li>
      ))}
    </ul>
  );
}
