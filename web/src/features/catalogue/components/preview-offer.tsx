import { RotateCcw } from 'lucide-react';
import { PayButtons } from '@/features/commerce/pay-buttons';
import type { PaymentMethod } from '@/features/commerce/types';
import { Button } from '@/components/ui/button';
import { videoPurchaseText } from '@/i18n/commerce';
import { playerText } from '@/i18n/player';
import type { VideoPlayerProps } from '@/features/player/video-player';
import { formatCents } from '@/lib/format/catalogue';

type OfferReason = Parameters<VideoPlayerProps['purchaseOffer']>[0];

/**
 * What the player offers under the video when the free preview ends (or when there is none): the
 * price and the three payment methods, and the preview again. `note`: a line for a signed-out
 * visitor (a method then leads to sign-in and back here with its payment dialog open).
 */
export function PreviewOffer({ reason, priceCents, onPay, note }: { reason: OfferReason; priceCents: number; onPay(method: PaymentMethod): void; note?: string }) {
  return (
    <div className="flex flex-col gap-3" data-testid="preview-offer">
      <div>
        <h2 className="text-lg font-bold">{reason.kind === 'preview-ended' ? playerText.previewEndedTitle : playerText.noPreviewTitle}</h2>
        <p className="text-sm text-muted-foreground">{reason.kind === 'preview-ended' ? playerText.previewEndedText : reason.message}</p>
        {note && <p className="mt-1 text-sm text-muted-foreground">{note}</p>}
      </div>
      <p className="text-2xl font-extrabold text-primary tabular-nums">{formatCents(priceCents)}</p>
      <PayButtons label={videoPurchaseText.buy} testIdPrefix="offer" onPay={onPay} />
      {reason.kind === 'preview-ended' && (
        <Button variant="ghost" onClick={reason.replay}>
          <RotateCcw aria-hidden="true" />
          {playerText.replayPreview}
        </Button>
      )}
    </div>
  );
}
