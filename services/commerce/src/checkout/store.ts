import { traceCarrier } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { ItemKind, Order, PaymentAttempt, PaymentClaim } from '../entities';
import { toAttempt, toOrder } from '../orders';
import { operatorOf } from '../shared/phone';

/** The checkout module's door to the database (SQL through the EntityManager, the service's one way). */

const OPEN = `('created', 'pending', 'failed', 'expired', 'canceled')`;

/** Whether the person owns the item through commerce: their own paid order, or a gift they received whose order is still paid. */
export async function hasPaid(manager: EntityManager, buyerId: string, itemId: string): Promise<boolean> {
  const rows = (await manager.query(
    `SELECT 1 FROM orders WHERE buyer_id = $1 AND item_id = $2 AND status = 'completed' AND NOT gift
     UNION ALL SELECT 1 FROM gifts g JOIN orders o ON o.id = g.order_id WHERE g.claimed_by = $1 AND g.item_id = $2 AND o.status = 'completed' LIMIT 1`,
    [buyerId, itemId],
  )) as unknown[];
  return rows.length > 0;
}

/** Creates the buyer's open order for the item unless one exists (a partial unique index makes parallel clicks land on one). */
export async function ensureOpenOrder(
  manager: EntityManager,
  o: { id: string; buyerId: string; buyerEmail: string; itemId: string; itemType: ItemKind; itemTitle: string; usd: number; xaf: number; at: Date; gift?: boolean },
): Promise<void> {
  await manager.query(
    `INSERT INTO orders (id, buyer_id, buyer_email, item_id, item_type, item_title, amount_usd_cents, amount_xaf, status, created_at, updated_at, gift)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'created', $9, $9, $10)
     ON CONFLICT (buyer_id, item_id, gift) WHERE status IN ${OPEN} DO NOTHING`,
    [o.id, o.buyerId, o.buyerEmail, o.itemId, o.itemType, o.itemTitle, o.usd, o.xaf, o.at, o.gift ?? false],
  );
}

/** The buyer's open order for the item (their own, or with `gift` the one they offer), locked (SELECT … FOR UPDATE). */
export async function lockOpenOrder(manager: EntityManager, buyerId: string, itemId: string, gift = false): Promise<Order | null> {
  const rows = (await manager.query(`SELECT * FROM orders WHERE buyer_id = $1 AND item_id = $2 AND gift = $3 AND status IN ${OPEN} FOR UPDATE`, [buyerId, itemId, gift])) as Array<
    Record<string, unknown>
  >;
  return rows[0] ? toOrder(rows[0]) : null;
}

/** The buyer's open order for the item (to resume a checkout), unlocked. */
export async function openOrderOf(manager: EntityManager, buyerId: string, itemId: string, itemType: ItemKind, gift = false): Promise<Order | null> {
  const rows = (await manager.query(`SELECT * FROM orders WHERE buyer_id = $1 AND item_id = $2 AND item_type = $3 AND gift = $4 AND status IN ${OPEN}`, [
    buyerId,
    itemId,
    itemType,
    gift,
  ])) as Array<Record<string, unknown>>;
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function nextAttemptNumber(manager: EntityManager, orderId: string): Promise<number> {
  const [{ n }] = (await manager.query(`SELECT COALESCE(MAX(number), 0) + 1 AS n FROM payment_attempts WHERE order_id = $1`, [orderId])) as Array<{ n: number }>;
  return n;
}

export async function insertAttempt(
  manager: EntityManager,
  a: Pick<PaymentAttempt, 'id' | 'orderId' | 'number' | 'provider' | 'reference' | 'phone' | 'expiresAt' | 'createdAt'> & { payLinkId?: string | null; payerEmail?: string | null; payerName?: string | null },
): Promise<void> {
  const trace = traceCarrier();
  await manager.query(
    `INSERT INTO payment_attempts (id, order_id, number, provider, reference, phone, status, expires_at, poll_round, created_at, trace_context, operator, pay_link_id, payer_email, payer_name)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, 0, $8, $9, $10, $11, $12, $13)`,
    [a.id, a.orderId, a.number, a.provider, a.reference, a.phone, a.expiresAt, a.createdAt, trace ? JSON.stringify(trace) : null, operatorOf(a.provider, a.phone), a.payLinkId ?? null, a.payerEmail ?? null, a.payerName ?? null],
  );
}

/** A claim's candidate attempts, only among the buyer's own (`params[0]`): `where` are alternatives over `a` (payment_attempts). */
export async function claimCandidates(manager: EntityManager, where: string[], params: unknown[], limit: number): Promise<PaymentAttempt[]> {
  const rows = (await manager.query(
    `SELECT a.* FROM payment_attempts a JOIN orders o ON o.id = a.order_id
      WHERE o.buyer_id = $1 AND (${where.join(' OR ')})
      ORDER BY (o.status = 'completed') DESC, a.created_at DESC LIMIT ${limit}`,
    params,
  )) as Array<Record<string, unknown>>;
  return rows.map(toAttempt);
}

export async function insertClaim(manager: EntityManager, c: PaymentClaim): Promise<void> {
  await manager.query(
    `INSERT INTO payment_claims (id, buyer_id, order_id, attempt_id, operator_transaction_id, phone, paid_at, finding, message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [c.id, c.buyerId, c.orderId, c.attemptId, c.operatorTransactionId, c.phone, c.paidAt, c.finding, c.message, c.createdAt],
  );
}
