import { useEffect } from 'react';
import type { PaymentMethod } from '@/features/commerce/types';
import type { PremiumVideoCardVideo } from './premium-video-card';
import { useLatestVideoCheckout } from './use-latest-video-checkout';

/** A payment asked on the home: the method, and which tap it was (the same method twice opens it twice). */
export interface HomePayment {
  method: PaymentMethod;
  tap: number;
}

/**
 * The home's checkout, fetched with its first payment tap rather than with the page: the premium
 * block's buttons are on every visit, a payment on few, and the checkout's code (the session's
 * timing, the sign-in detour, the dialog's loader) then stays out of the home's first download.
 */
export default function HomeCheckout({ latestVideo, payment }: { latestVideo: PremiumVideoCardVideo | null; payment: HomePayment }) {
  const checkout = useLatestVideoCheckout(latestVideo);
  useEffect(() => {
    checkout.choosePayment(payment.method);
    // One answer per tap; `choosePayment` is a fresh closure each render.
  }, [payment.tap]);
  return checkout.dialog;
}
