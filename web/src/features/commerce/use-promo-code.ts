import { useState } from 'react';
import { useApolloClient } from '@/data/hooks';
import { checkoutText as t } from '@/i18n/commerce';
import { type OrderPromo } from './operations';
import type { CheckoutItem } from './types';
import CHECKOUT_QUOTE_QUERY from './graphql/checkout-quote.query.graphql';

/**
 * The dialog's « Code promo »: what is typed, the code commerce accepted with its figures (the
 * discount and the new total, computed by the server, never here), or its refusal under the field.
 * « Payer » sends the accepted code; the server checks it again and may still refuse it (the last
 * use taken meanwhile), which `refused` puts back under the field.
 */
export function usePromoCode(item: CheckoutItem) {
  const client = useApolloClient();
  const [typed, setTyped] = useState('');
  const [applied, setApplied] = useState<OrderPromo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  const apply = async () => {
    const code = typed.trim();
    if (!code) {
      setError(t.promoEmpty);
      return;
    }
    setChecking(true);
    try {
      const { data } = await client.query({ query: CHECKOUT_QUOTE_QUERY, variables: { itemId: item.id, itemType: item.type, promoCode: code }, fetchPolicy: 'network-only' });
      const quote = data?.checkoutQuote;
      setApplied(quote?.promo ?? null);
      setError(quote?.error?.message ?? (quote?.promo ? null : t.failureFallback));
    } catch {
      setApplied(null);
      setError(t.failureFallback);
    } finally {
      setChecking(false);
    }
  };

  return {
    typed,
    applied,
    error,
    checking,
    type(value: string) {
      setTyped(value);
      setApplied(null);
      setError(null);
    },
    apply,
    remove() {
      setTyped('');
      setApplied(null);
      setError(null);
    },
    refused(message: string) {
      setApplied(null);
      setError(message);
    },
  };
}

export type PromoCodeState = ReturnType<typeof usePromoCode>;
