import type { ApolloClient } from '@apollo/client';
import type { ItemType } from '@/generated/graphql';

/**
 * After a completed order: the item is marked owned in the cache at once (buttons turn into
 * 'Regarder' / 'Lire'), then every query on screen is fetched again, so the dashboard's lists
 * (filtered by `purchased` on the server) move the item from 'available' to 'purchased' and the
 * counters follow, with no reload.
 */
export async function afterPurchase(client: ApolloClient, item: { id: string; type: ItemType }): Promise<void> {
  const id = client.cache.identify({ __typename: item.type === 'VIDEO' ? 'Video' : 'Pdf', id: item.id });
  if (id) client.cache.modify({ id, fields: { purchased: () => true } });
  await client.refetchQueries({ include: 'active' }).catch(() => undefined);
}
