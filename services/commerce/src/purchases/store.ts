import type { DataSource } from 'typeorm';
import type { Amount, Order as OrderGql } from '../generated/graphql';
import { orderView, toAttempt, toOrder } from '../orders';

/** The purchases module's door to the database (SQL through the EntityManager, the service's one way). */

/** What the users table shows: number and sum of completed orders. */
export interface PurchaseTotals {
  purchaseCount: number;
  totalSpent: Amount;
}

type Row = Record<string, unknown> & { attempts: Array<Record<string, unknown>> };

/**
 * Every user's orders with their attempts, newest first, in ONE SQL statement for a whole
 * `_entities` batch (only when `purchases` is asked: the purchase history).
 */
export async function loadUserOrders(ds: DataSource, userIds: readonly string[]): Promise<Map<string, OrderGql[]>> {
  const rows = (await ds.query(
    `SELECT o.*, COALESCE(json_agg(a ORDER BY a.number) FILTER (WHERE a.id IS NOT NULL), '[]') AS attempts
       FROM orders o LEFT JOIN payment_attempts a ON a.order_id = o.id
      WHERE o.buyer_id = ANY($1::uuid[])
      GROUP BY o.id
      ORDER BY o.created_at DESC, o.id`,
    [userIds],
  )) as Row[];
  const result = new Map<string, OrderGql[]>(userIds.map((id) => [id, []]));
  for (const { attempts, ...row } of rows) {
    const order = toOrder(row);
    result.get(order.buyerId)?.push(orderView({ order, attempts: attempts.map(toAttempt) }, false));
  }
  return result;
}

/**
 * Completed orders counted and summed per buyer, in ONE light aggregate statement for a whole
 * `_entities` batch (the admin users table asks for 25 users' count and total at once).
 */
export async function loadPurchaseTotals(ds: DataSource, userIds: readonly string[]): Promise<Map<string, PurchaseTotals>> {
  const rows = (await ds.query(
    `SELECT buyer_id, count(*) AS n, COALESCE(SUM(amount_usd_cents), 0) AS usd, COALESCE(SUM(amount_xaf), 0) AS xaf
       FROM orders WHERE buyer_id = ANY($1::uuid[]) AND status = 'completed'
      GROUP BY buyer_id`,
    [userIds],
  )) as Array<{ buyer_id: string; n: string; usd: string; xaf: string }>;
  const result = new Map<string, PurchaseTotals>();
  for (const r of rows) result.set(r.buyer_id, { purchaseCount: Number(r.n), totalSpent: { usdCents: Number(r.usd), xaf: Number(r.xaf) } });
  return result;
}
