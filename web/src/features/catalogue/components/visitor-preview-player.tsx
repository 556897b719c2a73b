import { useLocation } from 'react-router-dom';
import type { PaymentMethod } from '@/features/commerce/types';
import { useCheckout } from '@/features/commerce/use-checkout';
import { itemPreviewText } from '@/i18n/catalogue/item-preview';
import { readDataSaver } from '@/features/player/data-saver';
import VideoPlayer from '@/features/player/video-player';
import { PreviewOffer } from './preview-offer';

export interface VisitorPreviewPlayerProps {
  video: { id: string; title: string; thumbnailUrl: string | null; priceCents: number };
}

/**
 * The free preview for a signed-out visitor (their page is item-preview's, fetched with this chunk
 * only once they press play): the player in PREVIEW mode (the server gives a visitor nothing
 * else), then the offer. A payment method there leads to /auth and back to this same page with
 * `?payer=<method>`, where the signed-in video page opens that method's payment dialog.
 */
export default function VisitorPreviewPlayer({ video }: VisitorPreviewPlayerProps) {
  const location = useLocation();
  const checkout = useCheckout();
  const pay = (method: PaymentMethod) =>
    checkout.pay({ id: video.id, type: 'VIDEO', title: video.title, priceCents: video.priceCents, purchased: false, path: location.pathname }, method);
  return (
    <>
      <VideoPlayer
        videoId={video.id}
        title={video.title}
        posterUrl={video.thumbnailUrl}
        purchased={false}
        dataSaver={readDataSaver()}
        audioOnly={false}
        purchaseOffer={(reason) => <PreviewOffer reason={reason} priceCents={video.priceCents} onPay={pay} note={itemPreviewText.offerNote} />}
      />
      {checkout.dialog}
    </>
  );
}
