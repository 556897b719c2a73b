import type { EntityManager } from 'typeorm';
import type { Buyer, PriceListItem } from '../entities';
import { buyerName } from '../shared/buyer-name';
import { fromRow } from '@lbf/service-kit';

/** What an item costs now (the price list), or null when catalogue never published it. */
export async function priceOf(manager: EntityManager, itemId: string): Promise<PriceListItem | null> {
  const rows = (await manager.query(`SELECT * FROM price_list WHERE item_id = $1`, [itemId])) as Array<Record<string, unknown>>;
  return rows[0] ? fromRow<PriceListItem>(rows[0]) : null;
}

export async function buyerOf(manager: EntityManager, userId: string): Promise<Buyer | null> {
  const rows = (await manager.query(`SELECT * FROM buyers WHERE user_id = $1`, [userId])) as Array<Record<string, unknown>>;
  return rows[0] ? fromRow<Buyer>(rows[0]) : null;
}

/**
 * The buyer's name a receipt shows and commerce.purchase.completed carries, from commerce's own
 * buyers read model (identity.user.registered). Null when the buyer registered before names were kept.
 */
export async function buyerNameOf(manager: EntityManager, buyerId: string): Promise<string | null> {
  const buyer = await buyerOf(manager, buyerId);
  return buyerName(buyer?.firstName, buyer?.lastName) ?? null;
}

/** catalogue.item.*: the price list row, unless the row already holds a later (or the same deleting) event. */
export async function upsertPrice(
  manager: EntityManager,
  d: { itemId: string; itemType: string; title: string; priceCents: number; occurredAt: string },
  forSale: boolean,
): Promise<void> {
  await manager.query(
    `INSERT INTO price_list (item_id, item_type, title, price_usd_cents, for_sale, occurred_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (item_id) DO UPDATE SET item_type = EXCLUDED.item_type, title = EXCLUDED.title,
       price_usd_cents = EXCLUDED.price_usd_cents, for_sale = EXCLUDED.for_sale,
       occurred_at = EXCLUDED.occurred_at, updated_at = now()
     WHERE price_list.occurred_at <= EXCLUDED.occurred_at
       AND NOT (price_list.for_sale = false AND price_list.occurred_at = EXCLUDED.occurred_at)`,
    [d.itemId, d.itemType, d.title, d.priceCents, forSale, d.occurredAt],
  );
}

/** identity.user.registered: the buyer's e-mail and name. */
export async function upsertBuyer(manager: EntityManager, d: { userId: string; email: string; firstName: string | null; lastName: string | null }): Promise<void> {
  await manager.query(
    `INSERT INTO buyers (user_id, email, first_name, last_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
    [d.userId, d.email, d.firstName, d.lastName],
  );
}
