import { fromRow, returnedRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { PromoCode, PromoUseState } from '../entities';

/** The promo module's door to the database (SQL through the EntityManager, the service's one way). */

const date = (v: unknown) => (v ? new Date(v as string) : null);

function toCode(r: Record<string, unknown>): PromoCode {
  const c = fromRow<PromoCode>(r);
  return { ...c, startsAt: date(r.starts_at), endsAt: date(r.ends_at), createdAt: date(r.created_at)!, updatedAt: date(r.updated_at)! };
}

/** A code by its text (already normalised); `lock`: FOR UPDATE, which serialises every checkout using it. */
export async function codeByText(manager: EntityManager, code: string, lock: boolean): Promise<PromoCode | null> {
  const rows = (await manager.query(`SELECT * FROM promo_codes WHERE code = $1${lock ? ' FOR UPDATE' : ''}`, [code])) as Array<Record<string, unknown>>;
  return rows[0] ? toCode(rows[0]) : null;
}

export async function codeById(manager: EntityManager, id: string, lock = false): Promise<PromoCode | null> {
  const rows = (await manager.query(`SELECT * FROM promo_codes WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as Array<Record<string, unknown>>;
  return rows[0] ? toCode(rows[0]) : null;
}

/** The buyer's uses of a code on their other orders, reserved or paid. */
export async function buyerUses(manager: EntityManager, codeId: string, buyerId: string, exceptOrderId: string | null): Promise<number> {
  const [row] = (await manager.query(
    `SELECT count(*)::int AS n FROM promo_uses WHERE code_id = $1 AND buyer_id = $2 AND state <> 'released' AND order_id IS DISTINCT FROM $3`,
    [codeId, buyerId, exceptOrderId],
  )) as Array<{ n: number }>;
  return row!.n;
}

/**
 * Takes one use of the code if one is left: a conditional UPDATE (`held < max_uses`), so of two
 * checkouts racing for the last use exactly one gets a row back, whatever the isolation.
 */
export async function holdUse(manager: EntityManager, codeId: string): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(`UPDATE promo_codes SET held = held + 1 WHERE id = $1 AND active AND (max_uses IS NULL OR held < max_uses) RETURNING id`, [codeId]),
  );
  return rows.length > 0;
}

/** The order's code reserved for its new attempt (one row per order: the latest attempt's). */
export async function reserveUse(manager: EntityManager, u: { orderId: string; codeId: string; buyerId: string; at: Date }): Promise<void> {
  await manager.query(
    `INSERT INTO promo_uses (order_id, code_id, buyer_id, state, updated_at) VALUES ($1, $2, $3, 'reserved', $4)
     ON CONFLICT (order_id) DO UPDATE SET code_id = EXCLUDED.code_id, state = 'reserved', updated_at = EXCLUDED.updated_at`,
    [u.orderId, u.codeId, u.buyerId, u.at],
  );
}

/** Moves the order's use from one state to another; the code it was of, or null when it was not in `from`. */
export async function moveUse(manager: EntityManager, orderId: string, from: PromoUseState[], to: PromoUseState, at: Date): Promise<{ codeId: string; was: PromoUseState } | null> {
  const rows = returnedRows<{ code_id: string; was: PromoUseState }>(
    await manager.query(
      `UPDATE promo_uses u SET state = $3, updated_at = $4 FROM promo_uses old
        WHERE u.order_id = $1 AND old.order_id = u.order_id AND u.state = ANY($2::text[]) RETURNING u.code_id, old.state AS was`,
      [orderId, from, to, at],
    ),
  );
  return rows[0] ? { codeId: rows[0].code_id, was: rows[0].was } : null;
}

export async function changeHeld(manager: EntityManager, codeId: string, by: 1 | -1): Promise<void> {
  await manager.query(`UPDATE promo_codes SET held = GREATEST(held + $2, 0) WHERE id = $1`, [codeId, by]);
}

type Fields = Omit<PromoCode, 'id' | 'held' | 'createdBy' | 'createdAt' | 'updatedAt' | 'active'> & { active: boolean };

/** A new code; false when the text is taken (the unique index decides). */
export async function insertCode(manager: EntityManager, id: string, f: Fields, by: string, at: Date): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(
      `INSERT INTO promo_codes (id, code, kind, percent, amount_xaf, item_ids, starts_at, ends_at, max_uses, per_customer_max, active, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::uuid[], $7, $8, $9, $10, $11, $12, $13, $13) ON CONFLICT (code) DO NOTHING RETURNING id`,
      [id, f.code, f.kind, f.percent, f.amountXaf, f.itemIds, f.startsAt, f.endsAt, f.maxUses, f.perCustomerMax, f.active, by, at],
    ),
  );
  return rows.length > 0;
}

/** Rewrites a code (its row locked by the caller); false when the new text is another code's. */
export async function rewriteCode(manager: EntityManager, id: string, f: Fields, at: Date): Promise<boolean> {
  const taken = (await manager.query(`SELECT 1 FROM promo_codes WHERE code = $1 AND id <> $2`, [f.code, id])) as unknown[];
  if (taken.length) return false;
  await manager.query(
    `UPDATE promo_codes SET code = $2, kind = $3, percent = $4, amount_xaf = $5, item_ids = $6::uuid[], starts_at = $7, ends_at = $8,
       max_uses = $9, per_customer_max = $10, active = $11, updated_at = $12 WHERE id = $1`,
    [id, f.code, f.kind, f.percent, f.amountXaf, f.itemIds, f.startsAt, f.endsAt, f.maxUses, f.perCustomerMax, f.active, at],
  );
  return true;
}

export async function setActive(manager: EntityManager, id: string, active: boolean, at: Date): Promise<void> {
  await manager.query(`UPDATE promo_codes SET active = $2, updated_at = $3 WHERE id = $1`, [id, active, at]);
}

/** Each code's figures: uses paid and reserved, and its completed orders' revenue and discounts. */
export interface CodeFigures {
  used: number;
  reserved: number;
  revenueXaf: number;
  revenueUsdCents: number;
  discountXaf: number;
  discountUsdCents: number;
}

/** Every code, newest first, with its figures, in one statement. */
export async function codesWithFigures(manager: EntityManager, ids: string[] | null = null): Promise<Array<{ code: PromoCode; figures: CodeFigures }>> {
  const rows = (await manager.query(
    `SELECT c.*,
        (SELECT count(*) FROM promo_uses u WHERE u.code_id = c.id AND u.state = 'used')::int AS f_used,
        (SELECT count(*) FROM promo_uses u WHERE u.code_id = c.id AND u.state = 'reserved')::int AS f_reserved,
        o.revenue_xaf AS f_revenue_xaf, o.revenue_usd AS f_revenue_usd, o.discount_xaf AS f_discount_xaf, o.discount_usd AS f_discount_usd
       FROM promo_codes c
       LEFT JOIN LATERAL (
         SELECT COALESCE(SUM(amount_xaf), 0)::int AS revenue_xaf, COALESCE(SUM(amount_usd_cents), 0)::int AS revenue_usd,
                COALESCE(SUM(discount_xaf), 0)::int AS discount_xaf, COALESCE(SUM(discount_usd_cents), 0)::int AS discount_usd
           FROM orders WHERE promo_code_id = c.id AND status = 'completed') o ON true
      WHERE $1::uuid[] IS NULL OR c.id = ANY($1::uuid[])
      ORDER BY c.created_at DESC, c.code`,
    [ids],
  )) as Array<Record<string, unknown>>;
  return rows.map((r) => ({
    code: toCode(r),
    figures: {
      used: r.f_used as number,
      reserved: r.f_reserved as number,
      revenueXaf: r.f_revenue_xaf as number,
      revenueUsdCents: r.f_revenue_usd as number,
      discountXaf: r.f_discount_xaf as number,
      discountUsdCents: r.f_discount_usd as number,
    },
  }));
}

/** Items of the price list (those on sale, and those named by `ids`), for the codes' item picker and labels. */
export async function priceListItems(manager: EntityManager, ids: string[] = []): Promise<Array<{ itemId: string; itemType: 'video' | 'pdf'; title: string; forSale: boolean }>> {
  const rows = (await manager.query(`SELECT item_id, item_type, title, for_sale FROM price_list WHERE for_sale OR item_id = ANY($1::uuid[]) ORDER BY title`, [ids])) as Array<
    Record<string, unknown>
  >;
  return rows.map((r) => fromRow(r));
}
