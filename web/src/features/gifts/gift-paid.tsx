import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApolloMutation } from '@/data/hooks';
import { giftText as t } from '@/i18n/gifts';
import { GiftShare } from './gift-share';
import RESEND_GIFT from './graphql/resend-gift.mutation.graphql';

interface PaidGift {
  id: string;
  recipientEmail?: string | null;
  recipientPhone?: string | null;
}

/**
 * The payment dialog once a gift is paid: the link went by e-mail (said so), or, for a phone
 * number, the link to pass on (« Copier », WhatsApp), asked of commerce once (only its hash is kept).
 */
export function GiftPaid({ gift, title, onClose }: { gift: PaidGift; title: string; onClose(): void }) {
  const [resend] = useApolloMutation(RESEND_GIFT);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const askedRef = useRef(false);
  useEffect(() => {
    if (gift.recipientEmail || askedRef.current) return;
    askedRef.current = true;
    resend({ variables: { giftId: gift.id } })
      .then(({ data }) => (data?.resendGift.url ? setUrl(data.resendGift.url) : setError(data?.resendGift.error?.message ?? t.linkFailure)))
      .catch(() => setError(t.linkFailure));
  }, [gift.id, gift.recipientEmail, resend]);
  return (
    <div role="status" className="flex flex-col gap-3" data-testid="gift-paid">
      <p className="font-semibold">{t.paidTitle}</p>
      {gift.recipientEmail ? (
        <p className="[overflow-wrap:anywhere]">{t.sentByEmail(gift.recipientEmail)}</p>
      ) : (
        <>
          <p className="text-sm">{t.shareByPhone}</p>
          {url ? <GiftShare url={url} title={title} /> : error ? <p className="text-sm text-destructive">{error}</p> : <Spinner label={t.loading} />}
        </>
      )}
      <Button type="button" variant="secondary" onClick={onClose}>
        {t.close}
      </Button>
    </div>
  );
}
