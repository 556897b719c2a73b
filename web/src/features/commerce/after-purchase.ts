import { type ApolloClient } from '@apollo/client';
import type { ItemType } from '@/generated/graphql';
import ITEM_OWNED_QUERY from './item-owned.query.graphql';

/** How long the catalogue may take to record the purchase (its entitlement arrives by event). */
const ENTITLEMENT_WAIT_MS = 15_000;

/**
 * Commerce says "completed" before the catalogue has consumed commerce.purchase.completed: asks
 * the catalogue until it counts the item as owned (a few hundred ms at most, usually), so the
 * lists fetched next are not the ones of before the purchase.
 */
async function untilOwned(client: ApolloClient, item: { id: string; type: ItemType }): Promise<void> {
  const deadline = Date.now() + ENTITLEMENT_WAIT_MS;
  for (let delay = 200; Date.now() < deadline; delay = Math.min(delay * 2, 2_000)) {
    const { data } = await client
      .query({ query: ITEM_OWNED_QUERY, variables: { id: item.id, video: item.type === 'VIDEO' }, fetchPolicy: 'network-only' })
      .catch(() => ({ data: undefined }));
    if ((item.type === 'VIDEO' ? data?.video : data?.pdf)?.purchased) return;
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

/**
 * After a completed order: the item is marked owned in the cache at once (buttons turn into
 * 'Regarder' / 'Lire'); once the catalogue has recorded it, every query on screen is fetched
 * again, so the dashboard's lists (filtered by `purchased` on the server) move the item from
 * 'available' to 'purchased' and the counters follow, with no reload.
 */
export async function afterPurchase(client: ApolloClient, item: { id: string; type: ItemType }): Promise<void> {
  const id = client.cache.identify({ __typename: item.type === 'VIDEO' ? 'Video' : 'Pdf', id: item.id });
  if (id) client.cache.modify({ id, fields: { purchased: () => true } });
  await untilOwned(client, item);
  await client.refetchQueries({ include: 'active' }).catch(() => undefined);
}
