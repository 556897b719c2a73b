import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paths } from '@/app/route-manifest';
import { useAuth } from '@/auth/auth-context';
import { RETURN_TO_PARAM } from '@/auth/return-to';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useApolloMutation, useApolloQuery } from '@/data/hooks';
import type { GiftLinkFieldsFragment } from '@/generated/graphql';
import { usePage } from '@/hooks/use-page';
import { giftText as t } from '@/i18n/gifts';
import CLAIM_GIFT from './graphql/claim-gift.mutation.graphql';
import GIFT_LINK from './graphql/gift-link.query.graphql';

/**
 * /cadeau/:token, a gift's claim link: the item, the buyer's first name and message, and « Recevoir
 * ce cadeau », which puts the item in my library (signed out: sign in or sign up first, then back
 * here). Received already, canceled or unknown, the page says so.
 */
export default function GiftView() {
  usePage(t.documentTitle, { meta: { noindex: true } });
  const { token = '' } = useParams();
  const query = useApolloQuery(GIFT_LINK, { variables: { token }, fetchPolicy: 'network-only' });
  const gift = query.data?.giftLink ?? null;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-4 px-4 py-10" data-testid="gift-page">
      {query.loading && !query.data ? <Spinner label={t.loading} /> : gift ? <GiftCard gift={gift} token={token} /> : <Notice message={t.notFound} />}
    </div>
  );
}

function GiftCard({ gift, token }: { gift: GiftLinkFieldsFragment; token: string }) {
  const [claim, claiming] = useApolloMutation(CLAIM_GIFT);
  const [received, setReceived] = useState(gift.claimedByMe);
  const [error, setError] = useState<string | null>(null);
  const onClaim = () => {
    setError(null);
    claim({ variables: { token } })
      .then(({ data }) => {
        const result = data?.claimGift;
        if (result?.gift) setReceived(true);
        else setError(result?.error?.message ?? t.failure);
      })
      .catch(() => setError(t.failure));
  };
  return (
    <Card className="flex flex-col gap-4 p-6">
      <h1 className="text-xl font-semibold">{t.heading(gift.buyerFirstName ?? null)}</h1>
      <p className="text-sm text-muted-foreground">{t.itemKind[gift.itemType]}</p>
      <p className="text-lg font-medium" data-testid="gift-title">
        {gift.itemTitle}
      </p>
      {gift.message && (
        <blockquote className="border-l-4 pl-3 italic" data-testid="gift-message" aria-label={t.theirMessage}>
          {gift.message}
        </blockquote>
      )}
      <GiftAction gift={gift} received={received} loading={claiming.loading} onClaim={onClaim} />
      {error && (
        <p role="alert" className="text-sm text-destructive" data-testid="gift-error">
          {error}
        </p>
      )}
    </Card>
  );
}

function GiftAction({ gift, received, loading, onClaim }: { gift: GiftLinkFieldsFragment; received: boolean; loading: boolean; onClaim(): void }) {
  const { user, loading: sessionLoading } = useAuth();
  const location = useLocation();
  if (received) {
    return (
      <div role="status" className="flex flex-col gap-2" data-testid="gift-received">
        <p className="font-medium">{t.claimed}</p>
        <Button asChild>
          <Link to={paths.dashboard()}>{t.open}</Link>
        </Button>
      </div>
    );
  }
  if (gift.status === 'CLAIMED') return <Notice message={t.alreadyClaimed} />;
  if (gift.status !== 'SENT') return <Notice message={t.canceled} />;
  if (sessionLoading) return <Spinner label={t.loading} />;
  if (!user) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{t.signInFirst}</p>
        <Button asChild data-testid="gift-sign-in">
          <Link to={`${paths.auth()}?${RETURN_TO_PARAM}=${encodeURIComponent(location.pathname)}`}>{t.signIn}</Link>
        </Button>
      </div>
    );
  }
  return (
    <Button type="button" size="lg" disabled={loading} onClick={onClaim} data-testid="gift-claim">
      {loading ? t.claiming : t.claim}
    </Button>
  );
}

function Notice({ message }: { message: string }) {
  return (
    <p role="status" className="text-muted-foreground" data-testid="gift-notice">
      {message}
    </p>
  );
}
