import type { EntityManager } from 'typeorm';
import type { Buyer, PriceListItem } from '../entities';
import { buyerName } from '../shared/buyer-name';
import { fromRow } from '@lbf/service-kit';
import { placeholderEmail } from './rules';

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

/**
 * The address a receipt goes to: the order's, unless it is the placeholder of a buyer identity had
 * not told us about at checkout and who is known now (the registration arrived in between).
 */
export async function buyerEmailOf(manager: EntityManager, order: { buyerId: string; buyerEmail: string }): Promise<string> {
  if (order.buyerEmail !== placeholderEmail(order.buyerId)) return order.buyerEmail;
  return (await buyerOf(manager, order.buyerId))?.email ?? order.buyerEmail;
}

/**
 * identity.user.registered: the buyer's e-mail and name; their orders opened before it arrived
 * (under the placeholder) take the real address, so the team sees who bought.
 */
export async function upsertBuyer(manager: EntityManager, d: { userId: string; email: string; firstName: string | null; lastName: string | null }): Promise<void> {
  await manager.query(
    `INSERT INTO buyers (user_id, email, first_name, last_name) VALUES ($1, $2, $3, $4)
     ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name`,
    [d.userId, d.email, d.firstName, d.lastName],
  );
  await manager.query('UPDATE orders SET buyer_email = $2 WHERE buyer_id = $1 AND buyer_email = $3', [d.userId, d.email, placeholderEmail(d.userId)]);
}

/**
 * identity.user.consent_changed (health_data): the person's consent, unless the row already holds a
 * later change (events of one person may arrive out of order). True when applied.
 */
export async function applyHealthConsent(manager: EntityManager, d: { userId: string; given: boolean; changedAt: string }): Promise<boolean> {
  const rows = (await manager.query(
    `INSERT INTO health_data_consents (user_id, given, changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET given = EXCLUDED.given, changed_at = EXCLUDED.changed_at
     WHERE health_data_consents.changed_at <= EXCLUDED.changed_at
     RETURNING user_id`,
    [d.userId, d.given, d.changedAt],
  )) as unknown[];
  return rows.length > 0;
}

/** Whether commerce has seen the person give the health-data consent (and not withdraw it since). */
export async function healthConsentGiven(manager: EntityManager, userId: string): Promise<boolean> {
  const rows = (await manager.query('SELECT 1 FROM health_data_consents WHERE user_id = $1 AND given', [userId])) as unknown[];
  return rows.length > 0;
}
