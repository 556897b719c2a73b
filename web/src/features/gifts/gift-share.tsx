import { LinkToPassOn } from '@/components/content/link-to-pass-on';
import { giftText as t } from '@/i18n/gifts';

/** A gift's link to pass on: shown, « Copier », and WhatsApp's share. */
export function GiftShare({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex flex-col gap-2" data-testid="gift-share">
      <LinkToPassOn id="gift-link" url={url} title={title} text={t} />
    </div>
  );
}
