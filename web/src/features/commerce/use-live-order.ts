import { useApolloClient, useApolloQuery, useApolloSubscription } from '@/data/hooks';
import { useEffect, useState } from 'react';
import { type CheckoutOrder } from './operations';
import ORDER_UPDATED from './graphql/order-updated.subscription.graphql';
import PAYMENT_ORDER_QUERY from './graphql/payment-order.query.graphql';

/** Fallback poll: every 3 s at first, slowing to every 10 s. */
const FIRST_POLL_MS = 3_000;
const LAST_POLL_MS = 10_000;

/**
 * The order as it changes, while it is PENDING: pushed by the `orderUpdated` subscription (through
 * the gateway), with a poll of `order` as a fallback for a socket that cannot connect or drops a
 * push. Both write the normalised Order into the cache, which this query watches; so do the
 * checkout mutations.
 */
export function useLiveOrder(orderId: string | null): { order: CheckoutOrder | null; refresh(): Promise<void> } {
  const client = useApolloClient();
  const { data } = useApolloQuery(PAYMENT_ORDER_QUERY, {
    variables: { id: orderId ?? '' },
    skip: !orderId,
    fetchPolicy: 'cache-first',
  });
  const order = orderId ? (data?.order ?? null) : null;
  const pending = order?.status === 'PENDING' || order?.status === 'CREATED';

  useApolloSubscription(ORDER_UPDATED, {
    variables: { orderId: orderId ?? '' },
    skip: !orderId || !pending,
    onError: (error) => console.warn('checkout: live status unavailable, polling', error),
  });

  useEffect(() => {
    if (!orderId || !pending) return;
    let delay = FIRST_POLL_MS;
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const poll = () => {
      timer = setTimeout(() => {
        client
          .query({ query: PAYMENT_ORDER_QUERY, variables: { id: orderId }, fetchPolicy: 'network-only' })
          .catch(() => undefined)
          .finally(() => {
            if (stopped) return;
            delay = Math.min(LAST_POLL_MS, Math.round(delay * 1.4));
            poll();
          });
      }, delay);
    };
    poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [client, orderId, pending]);

  const refresh = async () => {
    if (!orderId) return;
    await client.query({ query: PAYMENT_ORDER_QUERY, variables: { id: orderId }, fetchPolicy: 'network-only' });
  };

  return { order, refresh };
}

/** Seconds left until `expiresAt`, ticking every second; null without a date. */
export function useSecondsLeft(expiresAt: string | null | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!expiresAt) return;
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - now) / 1000));
}

export { formatCountdown } from './money';
