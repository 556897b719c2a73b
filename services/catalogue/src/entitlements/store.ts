import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { isUuid } from '../shared/query-helpers';

/*
 * The entitlements room's one door to the database: the `entitlements` read model, written by
 * the consumers (upserts keyed by order id) and read by everyone who asks who owns what.
 */

/** A row of `entitlements` that gives access: granted by a completed order, not refunded since. */
export function liveEntitlement(alias?: string): string {
  const p = alias ? `${alias}.` : '';
  return `${p}granted_at IS NOT NULL AND ${p}revoked_at IS NULL`;
}

export interface EntitlementKey {
  orderId: string;
  userId: string;
  itemId: string;
  itemType: 'video' | 'pdf';
}

/** Who bought and which receipt, as commerce.purchase.completed says: what a stamped guide names. */
export interface BuyerDetails {
  receiptNumber: string | null;
  buyerEmail: string | null;
  buyerName: string | null;
}

/**
 * commerce.purchase.completed: the order's row is granted, with the buyer's details. Idempotent
 * (upsert on the order id); a row already revoked (its refund came first) stays revoked.
 */
export async function grantEntitlement(
  manager: Pick<EntityManager, 'query'>,
  e: EntitlementKey,
  grantedAt: Date,
  buyer: BuyerDetails = { receiptNumber: null, buyerEmail: null, buyerName: null },
): Promise<void> {
  await manager.query(
    `INSERT INTO entitlements (order_id, user_id, item_id, item_type, granted_at, receipt_number, buyer_email, buyer_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (order_id) DO UPDATE SET granted_at = COALESCE(entitlements.granted_at, EXCLUDED.granted_at),
       receipt_number = COALESCE(entitlements.receipt_number, EXCLUDED.receipt_number),
       buyer_email = COALESCE(entitlements.buyer_email, EXCLUDED.buyer_email),
       buyer_name = COALESCE(entitlements.buyer_name, EXCLUDED.buyer_name)`,
    [e.orderId, e.userId, e.itemId, e.itemType, grantedAt, buyer.receiptNumber, buyer.buyerEmail, buyer.buyerName],
  );
}

/**
 * commerce.purchase.refunded: the order's row is revoked, written even when the completion has not
 * arrived yet, so that completion cannot bring the entitlement to life. Idempotent; the first
 * revocation time is kept.
 */
export async function revokeEntitlement(manager: Pick<EntityManager, 'query'>, e: EntitlementKey, revokedAt: Date): Promise<void> {
  await manager.query(
    `INSERT INTO entitlements (order_id, user_id, item_id, item_type, revoked_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO UPDATE SET revoked_at = COALESCE(entitlements.revoked_at, EXCLUDED.revoked_at)`,
    [e.orderId, e.userId, e.itemId, e.itemType, revokedAt],
  );
}

/** Which of `itemIds` the user owns: one statement whatever their number. */
export async function ownedAmong(manager: Pick<EntityManager, 'query'>, userId: string, itemIds: string[]): Promise<Set<string>> {
  const ids = itemIds.filter(isUuid);
  if (!ids.length || !isUuid(userId)) return new Set();
  const rows: Array<{ item_id: string }> = await manager.query(
    `SELECT DISTINCT item_id FROM entitlements WHERE user_id = $1 AND item_id = ANY($2::uuid[]) AND ${liveEntitlement()}`,
    [userId, ids],
  );
  return new Set(rows.map((r) => r.item_id));
}

export async function ownsItem(manager: Pick<EntityManager, 'query'>, userId: string, itemId: string): Promise<boolean> {
  return (await ownedAmong(manager, userId, [itemId])).has(itemId);
}

/** The order through which a user owns an item, with what its stamped copy names; null when they do not own it. */
export async function liveOrderOf(
  manager: Pick<EntityManager, 'query'>,
  userId: string,
  itemId: string,
): Promise<({ orderId: string; itemType: 'video' | 'pdf' } & BuyerDetails) | null> {
  if (!isUuid(userId) || !isUuid(itemId)) return null;
  // The first live order: the same copy on every download, even if a second order ever went through.
  const rows: Array<{ order_id: string; item_type: 'video' | 'pdf'; receipt_number: string | null; buyer_email: string | null; buyer_name: string | null }> = await manager.query(
    `SELECT order_id, item_type, receipt_number, buyer_email, buyer_name FROM entitlements
      WHERE user_id = $1 AND item_id = $2 AND ${liveEntitlement()} ORDER BY granted_at, order_id LIMIT 1`,
    [userId, itemId],
  );
  const r = rows[0];
  return r ? { orderId: r.order_id, itemType: r.item_type, receiptNumber: r.receipt_number, buyerEmail: r.buyer_email, buyerName: r.buyer_name } : null;
}

/**
 * A deleted account's entitlements (issue 23): gone, since nobody can use them any more (the items
 * keep their counts; commerce keeps the orders). Returns how many, and the addresses they named the
 * buyer by (what parked purchase events may carry).
 */
export async function deleteEntitlementsOf(manager: Pick<EntityManager, 'query'>, userId: string): Promise<{ count: number; emails: string[] }> {
  const rows = await queryRows<{ buyer_email: string | null }>(manager, 'DELETE FROM entitlements WHERE user_id = $1 RETURNING buyer_email', [userId]);
  return { count: rows.length, emails: [...new Set(rows.flatMap((r) => (r.buyer_email ? [r.buyer_email] : [])))] };
}
