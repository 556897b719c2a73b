import { fromRow } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { ItemKind } from '../entities';

/** The gifts room's door to the database (SQL through the EntityManager): `gifts`, one row per gift order. */

export interface GiftRow {
  id: string;
  orderId: string;
  buyerId: string;
  itemId: string;
  itemType: ItemKind;
  recipientEmail: string | null;
  recipientPhone: string | null;
  message: string;
  tokenHash: string | null;
  linkIssuedAt: Date | null;
  claimedBy: string | null;
  claimedAt: Date | null;
  canceledAt: Date | null;
  createdAt: Date;
}

/** A gift with what its order says: status, title, receipt. */
export interface GiftRecord extends GiftRow {
  orderStatus: string;
  itemTitle: string;
  receiptNumber: string | null;
}

const toRecord = (r: Record<string, unknown>) => fromRow<GiftRecord>(r);
const WITH_ORDER = `SELECT g.*, o.status AS order_status, o.item_title, o.receipt_number FROM gifts g JOIN orders o ON o.id = g.order_id`;

/** The recipient and message of a gift order, written at each « Payer » while it is not paid (the latest attempt's). */
export async function saveGiftDetails(
  manager: EntityManager,
  g: Pick<GiftRow, 'id' | 'orderId' | 'buyerId' | 'itemId' | 'itemType' | 'recipientEmail' | 'recipientPhone' | 'message'> & { at: Date },
): Promise<void> {
  await manager.query(
    `INSERT INTO gifts (id, order_id, buyer_id, item_id, item_type, recipient_email, recipient_phone, message, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
     ON CONFLICT (order_id) DO UPDATE SET recipient_email = EXCLUDED.recipient_email, recipient_phone = EXCLUDED.recipient_phone,
       message = EXCLUDED.message, updated_at = EXCLUDED.updated_at`,
    [g.id, g.orderId, g.buyerId, g.itemId, g.itemType, g.recipientEmail, g.recipientPhone, g.message, g.at],
  );
}

export async function giftOfOrder(manager: EntityManager, orderId: string): Promise<GiftRecord | null> {
  const rows = (await manager.query(`${WITH_ORDER} WHERE g.order_id = $1`, [orderId])) as Array<Record<string, unknown>>;
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function giftByHash(manager: EntityManager, hash: string, lock = false): Promise<GiftRecord | null> {
  const rows = (await manager.query(`${WITH_ORDER} WHERE g.token_hash = $1${lock ? ' FOR UPDATE' : ''}`, [hash])) as Array<Record<string, unknown>>;
  return rows[0] ? toRecord(rows[0]) : null;
}

export async function lockGift(manager: EntityManager, id: string): Promise<GiftRecord | null> {
  const rows = (await manager.query(`${WITH_ORDER} WHERE g.id = $1 FOR UPDATE OF g`, [id])) as Array<Record<string, unknown>>;
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The buyer's gifts once paid (or refunded), newest first. */
export async function giftsOfBuyer(manager: EntityManager, buyerId: string): Promise<GiftRecord[]> {
  const rows = (await manager.query(`${WITH_ORDER} WHERE g.buyer_id = $1 AND o.status IN ('completed', 'refunded') ORDER BY o.completed_at DESC NULLS LAST`, [
    buyerId,
  ])) as Array<Record<string, unknown>>;
  return rows.map(toRecord);
}

/** A new link: the previous one stops working. */
export async function setGiftToken(manager: EntityManager, id: string, hash: string, at: Date): Promise<void> {
  await manager.query(`UPDATE gifts SET token_hash = $2, link_issued_at = $3, updated_at = $3 WHERE id = $1`, [id, hash, at]);
}

export async function markClaimed(manager: EntityManager, id: string, claimerId: string, at: Date): Promise<void> {
  await manager.query(`UPDATE gifts SET claimed_by = $2, claimed_at = $3, updated_at = $3 WHERE id = $1 AND claimed_by IS NULL`, [id, claimerId, at]);
}

/** A refund before the claim: the link stops working (its hash goes), the gift stays canceled. */
export async function cancelUnclaimed(manager: EntityManager, orderId: string, at: Date): Promise<boolean> {
  const rows = (await manager.query(`UPDATE gifts SET canceled_at = $2, token_hash = NULL, updated_at = $2 WHERE order_id = $1 AND claimed_by IS NULL AND canceled_at IS NULL RETURNING id`, [
    orderId,
    at,
  ])) as unknown[][];
  return (rows[0]?.length ?? 0) > 0;
}
