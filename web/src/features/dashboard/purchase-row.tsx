import { Receipt as ReceiptIcon } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { formatAmount, type Currency } from '@/features/commerce/currency';
import { itemPath, type CheckoutItem, type PaymentMethod } from '@/features/commerce/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import type { OrderStatus } from '@/generated/graphql';
import { checkoutText, orderStatusLabels, paymentMethodLabels, purchasesText as t } from '@/i18n/commerce';
import type { Purchase } from './operations';

export const orderDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short' });

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

interface RowProps {
  order: Purchase;
  currency: Currency;
  rate: number;
  onPay(item: CheckoutItem, method: PaymentMethod): void;
}

/** One order: item, date, method, amount, the provider's reason for a failure; its status, and its receipt or a retry. */
export function PurchaseRow({ order, currency, rate, onPay }: RowProps) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between" data-testid="purchase-row" data-status={order.status}>
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-medium">{order.itemTitle}</p>
        <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span>
            <span className="sr-only">{t.date} : </span>
            {orderDateTime.format(new Date(order.completedAt ?? order.createdAt))}
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
        {order.status === 'FAILED' && order.attempt?.failureMessage && <p className="text-sm text-destructive">{order.attempt.failureMessage}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge className={STATUS_STYLES[order.status]} data-testid="purchase-status">
          <span className="sr-only">{t.status} : </span>
          {orderStatusLabels[order.status]}
        </Badge>
        <PurchaseAction order={order} onPay={onPay} />
      </div>
    </Card>
  );
}

/** 'Voir le reçu' for a completed order, 'Réessayer' for one that may still be paid, nothing after a refund. */
function PurchaseAction({ order, onPay }: Pick<RowProps, 'order' | 'onPay'>) {
  if (order.status === 'COMPLETED') {
    return (
      <Button asChild size="sm" variant="outline">
        <Link to={paths.receipt(order.id)} data-testid="receipt-link">
          <ReceiptIcon aria-hidden="true" />
          {t.viewReceipt}
        </Link>
      </Button>
    );
  }
  if (order.status === 'REFUNDED') return null;
  return (
    <Button size="sm" variant="outline" onClick={() => onPay(checkoutItemOf(order), order.method ?? 'MTN')}>
      {checkoutText.retry}
    </Button>
  );
}
