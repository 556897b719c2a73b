import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_METHODS, type PaymentMethod } from './types';

/**
 * A payment button tapped before the page's JavaScript has run (seconds on a slow phone) submits
 * its plain GET form: the page comes back with `?payer=NOTCHPAY`, and this opens the method's
 * dialog once the page can (the parameter goes first, so a reload or the back button does not
 * open it again).
 */
export const PAYER_PARAM = 'payer';

function isPaymentMethod(value: string | null): value is PaymentMethod {
  return PAYMENT_METHODS.includes(value as PaymentMethod);
}

/** Calls `choose` with the method named in `?payer=` when `ready` (the item to sell is known). */
export function usePayerParam(choose: (method: PaymentMethod) => void, ready = true): void {
  const [params, setParams] = useSearchParams();
  const method = params.get(PAYER_PARAM);
  useEffect(() => {
    if (method === null || !ready) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PAYER_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
    if (isPaymentMethod(method)) choose(method);
    // `choose` is a fresh closure each render; the parameter and readiness decide when to act.
  }, [method, ready]);
}
