import { useEffect, useRef, useState } from 'react';
import { useApolloClient, useApolloQuery } from '@/data/hooks';
import { toast } from '@/components/ui/toast';
import { checkoutText as t, paymentMethodLabels } from '@/i18n/commerce';
import type { UserError } from '@/lib/user-error';
import { afterPurchase } from './after-purchase';
import { type CheckoutOrder } from './operations';
import type { CheckoutItem, PaymentMethod } from './types';
import type { PayFormValues } from './use-pay-form';
import { useLiveOrder } from './use-live-order';
import { usePromoCode } from './use-promo-code';
import type { GiftDraft } from '@/features/gifts/gift-draft';
import CHECKOUT_SETUP_QUERY from './graphql/checkout-setup.query.graphql';

/**
 * The payment dialog's state: commerce's setup (methods, quote, an open order), the order being
 * paid as it changes, and which screen shows: 'form' (choose and pay) or 'order' (the order's own
 * state: waiting, failure). Opening it resumes an open order of this item rather than charging
 * twice; a completed order, however it arrived, is toasted, the lists refreshed and the dialog closed.
 */
export function useCheckoutDialog(item: CheckoutItem, method: PaymentMethod, onClose: () => void) {
  const client = useApolloClient();
  const setup = useApolloQuery(CHECKOUT_SETUP_QUERY, {
    variables: { itemId: item.id, itemType: item.type },
    fetchPolicy: 'network-only',
  });
  const [orderId, setOrderId] = useState<string | null>(null);
  const [view, setView] = useState<'form' | 'order' | 'gift-paid'>('form');
  // « Offrir ce contenu »: null while buying for myself.
  const [gift, setGift] = useState<GiftDraft | null>(null);
  const [serverError, setServerError] = useState<UserError | null>(null);
  // What was typed, kept for a retry (the form mounts again after a failure).
  const [lastValues, setLastValues] = useState<PayFormValues | null>(null);
  const { order, refresh } = useLiveOrder(orderId);
  // Kept across the form's remounts (another method, a retry).
  const promo = usePromoCode(item);

  // Resume: an order of this item still waiting for the phone is shown again, never paid twice.
  const openOrder = setup.data?.openOrder ?? null;
  const resumedRef = useRef(false);
  useEffect(() => {
    if (resumedRef.current || !openOrder) return;
    resumedRef.current = true;
    setOrderId(openOrder.id);
    if (openOrder.status === 'PENDING') setView('order');
  }, [openOrder]);

  // Success, however it arrived (push, poll, 'Vérifier'): toast with the method, close, refresh lists.
  const doneRef = useRef(false);
  useEffect(() => {
    if (!order || order.status !== 'COMPLETED' || doneRef.current) return;
    doneRef.current = true;
    // A gift is not mine: no « disponible dans votre tableau de bord »; the dialog stays, saying where its link went (or showing it to pass on).
    if (order.gift) {
      setView('gift-paid');
      return;
    }
    const label = paymentMethodLabels[order.attempt?.method ?? order.method ?? method];
    toast.success(t.success, { id: `paid-${order.id}`, description: t.successText(label) });
    void afterPurchase(client, { id: item.id, type: item.type });
    onClose();
  }, [order, client, item.id, item.type, method, onClose]);

  const shownMethod = view === 'order' ? (order?.attempt?.method ?? order?.method ?? method) : method;
  const started = (startedOrder: CheckoutOrder) => {
    setServerError(null);
    setOrderId(startedOrder.id);
    setView('order');
  };

  return {
    setup,
    order,
    refresh,
    view,
    showForm: () => setView('form'),
    gift,
    setGift,
    close: onClose,
    shownMethod,
    info: setup.data?.paymentMethods.find((m) => m.method === shownMethod) ?? null,
    serverError,
    promo,
    lastValues,
    setLastValues,
    started,
    refused: setServerError,
  };
}

export type CheckoutDialogState = ReturnType<typeof useCheckoutDialog>;
