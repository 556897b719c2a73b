import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { checkoutText as t, paymentMethodLabels } from '@/i18n/commerce';
import { FailureView } from './checkout-failure-view';
import { lazy, Suspense, useState } from 'react';
import { AlreadyOwned, CheckoutAlert, CheckoutSpinner, ItemSummary, OperatorHealthNotice, SandboxBanner } from './checkout-notices';
import { PayForm } from './checkout-pay-form';
import { WaitingView } from './checkout-waiting-view';
import { healthWarning } from './operator-health';
import type { CheckoutItem, PaymentMethod } from './types';
import { Button } from '@/components/ui/button';
import { EMPTY_GIFT, giftInputOf } from '@/features/gifts/gift-draft';
import { giftText } from '@/i18n/gifts';
import { useCheckoutDialog, type CheckoutDialogState } from './use-checkout-dialog';

const FINAL_FAILURES = new Set(['FAILED', 'EXPIRED', 'CANCELED']);

// « Payer pour moi » comes after the form: its files stay out of the dialog's list, which the home's first download carries.
const PayForMe = lazy(() => import('@/features/pay-links/pay-for-me').then((m) => ({ default: m.PayForMe })));
// « Offrir »: its fields and its paid screen, one chunk fetched with the form.
const GiftFields = lazy(() => import('@/features/gifts/gift-checkout').then((m) => ({ default: m.GiftFields })));
const GiftPaid = lazy(() => import('@/features/gifts/gift-checkout').then((m) => ({ default: m.GiftPaid })));

/**
 * The payment dialog, titled with the method: item and its FCFA amount (commerce's quote), sandbox
 * banner, consent to immediate access, phone for Orange and MTN; then the waiting screen with the
 * operator's hint, a countdown to the provider's window and the live status; then success (toast,
 * close, lists refreshed) or the provider's reason and a retry (a new attempt on the same order).
 * Opening it resumes an open order of this item rather than charging twice.
 */
export default function CheckoutDialog({ item, method: chosen, onClose }: { item: CheckoutItem; method: PaymentMethod; onClose(): void }) {
  // The button's method, until the customer takes the one suggested instead of a degraded operator.
  const [method, setMethod] = useState(chosen);
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
        <ItemSummary item={item} amount={checkout.view === 'order' && checkout.order ? checkout.order.amount : (checkout.setup.data?.quote ?? checkout.order?.amount ?? null)} />
        <CheckoutBody item={item} method={method} checkout={checkout} onSwitchMethod={setMethod} />
      </DialogContent>
    </Dialog>
  );
}

/** The screen under the item: owned already, loading, a refusal, the order's state, or the form (after a degraded operator's warning). */
function CheckoutBody({ item, method, checkout, onSwitchMethod }: { item: CheckoutItem; method: PaymentMethod; checkout: CheckoutDialogState; onSwitchMethod(method: PaymentMethod): void }) {
  const { setup, order, view, info, gift } = checkout;
  if (view === 'gift-paid' && order?.gift) {
    return (
      <Suspense fallback={<CheckoutSpinner label={t.loading} />}>
        <GiftPaid gift={order.gift} title={item.title} onClose={checkout.close} />
      </Suspense>
    );
  }
  if (item.purchased && !gift) return <OwnedWithGift item={item} onOffer={() => checkout.setGift(EMPTY_GIFT)} />;
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
  const warning = healthWarning(setup.data.paymentMethods, method);
  return (
    <>
      {warning && <OperatorHealthNotice method={method} status={warning.status} instead={warning.instead} onSwitch={onSwitchMethod} />}
      <GiftToggle on={Boolean(gift)} onChange={(on) => checkout.setGift(on ? EMPTY_GIFT : null)} />
      {gift && (
        <Suspense fallback={null}>
          <GiftFields value={gift} onChange={checkout.setGift} error={null} />
        </Suspense>
      )}
      <PayForm
        key={method}
        item={item}
        method={method}
        requiresPhone={info.requiresPhone}
        askHealthConsent={!setup.data.me?.healthDataConsent}
        quote={setup.data.quote}
        serverError={checkout.serverError}
        promo={checkout.promo}
        gift={gift ? giftInputOf(gift) : null}
        initialValues={checkout.lastValues}
        onSubmitted={checkout.setLastValues}
        onStarted={checkout.started}
        onRefused={checkout.refused}
      />
      {!gift && (
        <Suspense fallback={null}>
          <PayForMe item={item} consentGiven={Boolean(setup.data.me?.healthDataConsent)} />
        </Suspense>
      )}
    </>
  );
}

/** « Acheter pour moi » / « Offrir ce contenu »: who the item is for. */
function GiftToggle({ on, onChange }: { on: boolean; onChange(on: boolean): void }) {
  return (
    <div className="grid grid-cols-2 gap-2" role="group" aria-label={giftText.offer}>
      <Button type="button" variant={on ? 'outline' : 'secondary'} aria-pressed={!on} onClick={() => onChange(false)} data-testid="gift-off">
        {giftText.forMe}
      </Button>
      <Button type="button" variant={on ? 'secondary' : 'outline'} aria-pressed={on} onClick={() => onChange(true)} data-testid="gift-on">
        {giftText.offer}
      </Button>
    </div>
  );
}

/** An item I own: said so, and I may still offer it. */
function OwnedWithGift({ item, onOffer }: { item: CheckoutItem; onOffer(): void }) {
  return (
    <>
      <AlreadyOwned item={item} />
      <Button type="button" variant="outline" onClick={onOffer} data-testid="gift-on">
        {giftText.offer}
      </Button>
    </>
  );
}
