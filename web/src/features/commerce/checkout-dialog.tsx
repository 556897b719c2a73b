import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { checkoutText as t, paymentMethodLabels } from '@/i18n/commerce';
import { FailureView } from './checkout-failure-view';
import { AlreadyOwned, CheckoutAlert, CheckoutSpinner, ItemSummary, SandboxBanner } from './checkout-notices';
import { PayForm } from './checkout-pay-form';
import { WaitingView } from './checkout-waiting-view';
import type { CheckoutItem, PaymentMethod } from './types';
import { useCheckoutDialog, type CheckoutDialogState } from './use-checkout-dialog';

const FINAL_FAILURES = new Set(['FAILED', 'EXPIRED', 'CANCELED']);

/**
 * The payment dialog, titled with the method: item and its FCFA amount (commerce's quote), sandbox
 * banner, consent to immediate access, phone for Orange and MTN; then the waiting screen with the
 * operator's hint, a countdown to the provider's window and the live status; then success (toast,
 * close, lists refreshed) or the provider's reason and a retry (a new attempt on the same order).
 * Opening it resumes an open order of this item rather than charging twice.
 */
export default function CheckoutDialog({ item, method, onClose }: { item: CheckoutItem; method: PaymentMethod; onClose(): void }) {
  const checkout = useCheckoutDialog(item, method, onClose);
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="checkout-dialog" aria-describedby="checkout-description">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2 pr-6">{paymentMethodLabels[checkout.shownMethod]}</DialogTitle>
          <DialogDescription id="checkout-description" className="sr-only">
            {item.title}
          </DialogDescription>
        </DialogHeader>
        {checkout.info?.sandbox && <SandboxBanner />}
        <ItemSummary item={item} amount={checkout.setup.data?.quote ?? checkout.order?.amount ?? null} />
        <CheckoutBody item={item} method={method} checkout={checkout} />
      </DialogContent>
    </Dialog>
  );
}

/** The screen under the item: owned already, loading, a refusal, the order's state, or the form. */
function CheckoutBody({ item, method, checkout }: { item: CheckoutItem; method: PaymentMethod; checkout: CheckoutDialogState }) {
  const { setup, order, view, info } = checkout;
  if (item.purchased) return <AlreadyOwned item={item} />;
  if (setup.loading && !setup.data) return <CheckoutSpinner label={t.loading} />;
  if (setup.error && !setup.data) return <CheckoutAlert message={t.failureFallback} />;
  if (view === 'order' && order) {
    return FINAL_FAILURES.has(order.status) ? (
      <FailureView order={order} onRetry={checkout.showForm} />
    ) : (
      <WaitingView order={order} refresh={checkout.refresh} onCanceled={checkout.showForm} />
    );
  }
  if (view === 'order') return <CheckoutSpinner label={t.processing} />;
  if (!info) return <CheckoutAlert message={t.methodUnavailable} />;
  if (!setup.data?.quote) return <CheckoutAlert message={t.notForSale} />;
  return (
    <PayForm
      item={item}
      method={method}
      requiresPhone={info.requiresPhone}
      quote={setup.data.quote}
      serverError={checkout.serverError}
      initialValues={checkout.lastValues}
      onSubmitted={checkout.setLastValues}
      onStarted={checkout.started}
      onRefused={checkout.refused}
    />
  );
}
