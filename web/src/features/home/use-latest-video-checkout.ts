import { useNavigate } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import type { PaymentMethod } from '@/features/commerce/types';
import { useCheckout } from '@/features/commerce/use-checkout';
import type { PremiumVideoCardVideo } from './premium-video-card';

/**
 * The premium block sells the latest video (the 'Vidéo Premium' above it): each method opens the
 * payment dialog; a signed-out visitor is told 'Connexion requise' and sent to /auth, which
 * brings them back here with that method's dialog opening (?payer=). With no video yet, the
 * catalogue is the place to look. (A tap before the JavaScript ran came back as /?payer=…: the
 * home answers it, home-page.tsx.)
 */
export function useLatestVideoCheckout(latestVideo: PremiumVideoCardVideo | null) {
  const navigate = useNavigate();
  const checkout = useCheckout();
  const choosePayment = (method: PaymentMethod) =>
    checkout.whenSessionKnown(() => {
      // Signed out: told so before anything else, even while the latest video is still loading.
      if (!checkout.ensureSignedIn(paths.home(), method)) return;
      if (!latestVideo) {
        navigate(paths.videos());
        return;
      }
      checkout.pay(
        { id: latestVideo.id, type: 'VIDEO', title: latestVideo.title, priceCents: latestVideo.priceCents, purchased: latestVideo.purchased, path: paths.home() },
        method,
      );
    });
  return { choosePayment, dialog: checkout.dialog };
}
