import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckboxField } from '@/components/ui/checkbox-field';
import { consentText } from '@/i18n/my-data';
import { LinkToPassOn } from '@/components/content/link-to-pass-on';
import { useApolloMutation } from '@/data/hooks';
import { payForMeText as t } from '@/i18n/pay-links';
import type { CheckoutItem } from '@/features/commerce/types';
import CREATE_PAY_LINK from './graphql/create-pay-link.mutation.graphql';

/**
 * « Payer pour moi », under the payment form: creates a link someone else pays (7 days, one
 * payment; the item comes to my library), then shows it to copy or send on WhatsApp. The link
 * needs my health-data consent: asked here when I have not given it yet (`consentGiven`).
 */
export function PayForMe({ item, consentGiven }: { item: CheckoutItem; consentGiven: boolean }) {
  const [create, { loading }] = useApolloMutation(CREATE_PAY_LINK);
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [healthConsent, setHealthConsent] = useState(false);

  const onCreate = () => {
    setError(null);
    create({ variables: { itemId: item.id, itemType: item.type, consentHealthData: consentGiven || healthConsent || null } })
      .then(({ data }) => {
        const result = data?.createPayLink;
        if (result?.payLink) setUrl(result.payLink.url);
        else setError(result?.error?.message ?? t.createFailure);
      })
      .catch(() => setError(t.createFailure));
  };

  return (
    <section className="flex flex-col gap-2 border-t pt-4" aria-label={t.sectionTitle} data-testid="pay-for-me">
      <p className="text-sm font-medium">{t.sectionTitle}</p>
      <p className="text-xs text-muted-foreground">{t.sectionHint}</p>
      {url ? (
        <LinkToPassOn id="pay-for-me-link" url={url} title={item.title} text={t} />
      ) : (
        <>
          {!consentGiven && (
            <CheckboxField
              id="pay-for-me-health-consent"
              data-testid="pay-for-me-health-consent"
              label={consentText.healthAtPurchase}
              hint={consentText.healthAtPurchaseHint}
              checked={healthConsent}
              onChange={(e) => setHealthConsent(e.currentTarget.checked)}
            />
          )}
          <Button type="button" variant="secondary" disabled={loading} onClick={onCreate} data-testid="pay-for-me-create">
            {loading ? t.creating : t.create}
          </Button>
        </>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
