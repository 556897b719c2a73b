import type { EntityManager } from 'typeorm';
import { buyerName } from '../domain/buyer-name';

/**
 * The buyer's name a receipt shows, from commerce's own buyers read model (identity.user.registered):
 * the same name commerce.purchase.completed carries. Null when the buyer registered before names were kept.
 */
export async function orderBuyerName(manager: EntityManager, buyerId: string): Promise<string | null> {
  const [row] = (await manager.query(`SELECT first_name, last_name FROM buyers WHERE user_id = $1`, [buyerId])) as Array<{
    first_name: string | null;
    last_name: string | null;
  }>;
  return buyerName(row?.first_name, row?.last_name) ?? null;
}
