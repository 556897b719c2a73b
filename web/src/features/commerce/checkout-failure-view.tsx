import { CircleAlert, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { checkoutText as t } from '@/i18n/commerce';
import type { CheckoutOrder } from './operations';

/** A failed, expired or canceled order: the provider's reason, and a retry (a new attempt on the same order). */
export function FailureView({ order, onRetry }: { order: CheckoutOrder; onRetry(): void }) {
  const message = order.attempt?.failureMessage || (order.status === 'EXPIRED' ? t.windowOver : t.failureFallback);
  return (
    <div className="flex flex-col gap-4" data-testid="checkout-failure">
      <div role="alert" className="flex flex-col gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3">
        <p className="flex items-center gap-2 text-sm font-semibold text-destructive">
          <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
          {t.failureTitle}
        </p>
        <p className="text-sm" data-testid="checkout-failure-message">
          {message}
        </p>
      </div>
      <Button size="lg" onClick={onRetry} data-testid="checkout-retry">
        <RefreshCw aria-hidden="true" />
        {t.retry}
      </Button>
    </div>
  );
}
