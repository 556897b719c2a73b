import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import type { MyGiftFieldsFragment } from '@/generated/graphql';
import { giftText as t } from '@/i18n/gifts';
import { GiftShare } from './gift-share';
import MY_GIFTS from './graphql/my-gifts.query.graphql';
import RESEND_GIFT from './graphql/resend-gift.mutation.graphql';

/**
 * « Mes cadeaux » (/dashboard/cadeaux): the gifts I paid for, to whom, which item, received or not;
 * « Renvoyer » makes a new link (the previous stops working): mailed again to an e-mail recipient,
 * and shown here to pass on.
 */
export default function MyGifts() {
  const query = useApolloQuery(MY_GIFTS, { fetchPolicy: 'cache-and-network' });
  const [resend, resending] = useApolloMutation(RESEND_GIFT);
  const [shown, setShown] = useState<{ giftId: string; url: string } | null>(null);
  if (query.loading && !query.data) return <Spinner label={t.listLoading} />;
  if (query.error && !query.data) return <p role="alert">{t.listFailure}</p>;
  const gifts = query.data?.myGifts ?? [];
  if (!gifts.length) return <p className="text-muted-foreground" data-testid="my-gifts-empty">{t.empty}</p>;

  const onResend = (gift: MyGiftFieldsFragment) => {
    resend({ variables: { giftId: gift.id } })
      .then(({ data }) => {
        const result = data?.resendGift;
        if (!result?.url) return void toast.error(result?.error?.message ?? t.failure);
        setShown({ giftId: gift.id, url: result.url });
        if (gift.recipientEmail) toast.success(t.resent(gift.recipientEmail));
      })
      .catch(() => toast.error(t.failure));
  };

  return (
    <ul className="flex flex-col gap-3" aria-label={t.tab} data-testid="my-gifts">
      {gifts.map((gift) => (
        <li key={gift.id} data-gift-id={gift.id}>
          <Card className="flex flex-col gap-2 p-4">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium">{gift.itemTitle}</p>
                <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">
                  {t.columns.recipient} : {gift.recipientEmail ?? gift.recipientPhone ?? '—'}
                </p>
              </div>
              <Badge variant={gift.status === 'CLAIMED' ? 'default' : 'secondary'} data-testid="gift-status">
                {t.status[gift.status]}
              </Badge>
            </div>
            {gift.status === 'SENT' && (
              <Button type="button" variant="outline" size="sm" className="self-start" disabled={resending.loading} onClick={() => onResend(gift)} data-testid="gift-resend">
                {resending.loading ? t.resending : t.resend}
              </Button>
            )}
            {shown?.giftId === gift.id && gift.status === 'SENT' && <GiftShare url={shown.url} title={gift.itemTitle} />}
          </Card>
        </li>
      ))}
    </ul>
  );
}
