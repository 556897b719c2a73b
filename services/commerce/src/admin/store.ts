import { containsPattern, filteredRows, SqlFilter, type PageCursor } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import type { Order, PaymentAttempt } from '../entities';
import type { CommerceStats } from '../generated/graphql';
import { toAttempt, toOrder } from '../orders';
import { PROVIDER_OF } from '../providers';
import type { orderFilter } from './rules';

/** The admin module's door to the database (SQL through the EntityManager, the service's one way). */

export type OrderFilterInput = z.infer<typeof orderFilter>;

/** WHERE clause and parameters of a filter; the method is the latest attempt's; from/to are days of the site's time zone. */
function filterSql(filter: OrderFilterInput, siteTimezone: string): SqlFilter {
  const f = new SqlFilter();
  if (filter?.status) f.and(`o.status = ${f.param(filter.status.toLowerCase())}`);
  if (filter?.method) f.and(`(SELECT a.provider FROM payment_attempts a WHERE a.order_id = o.id ORDER BY a.number DESC LIMIT 1) = ${f.param(PROVIDER_OF[filter.method])}`);
  f.siteDays('o.created_at', filter, siteTimezone);
  if (filter?.search) {
    const p = f.param(containsPattern(filter.search));
    f.and(`(o.buyer_email ILIKE ${p} OR o.receipt_number ILIKE ${p} OR o.id::text ILIKE ${p} OR o.item_title ILIKE ${p}
        OR EXISTS (SELECT 1 FROM payment_attempts a WHERE a.order_id = o.id
          AND (a.phone ILIKE ${p} OR a.operator_transaction_id ILIKE ${p} OR a.reference ILIKE ${p} OR a.provider_reference ILIKE ${p})))`);
  }
  return f;
}

/** The filtered orders, newest first (a page when `limit` is given), and how many match in all. */
export async function ordersWhere(
  manager: EntityManager,
  filter: OrderFilterInput,
  siteTimezone: string,
  limit: number | null,
  offset: number,
): Promise<{ orders: Order[]; total: number }> {
  const { rows, total } = await filteredRows<Record<string, unknown>>(manager, {
    select: 'o.*',
    from: 'orders o',
    filter: filterSql(filter, siteTimezone),
    order: 'o.created_at DESC, o.id',
    limit,
    offset,
  });
  return { orders: rows.map(toOrder), total };
}

/**
 * One cursor page of the filtered orders, newest first (ties by id), first + 1 rows to tell whether
 * more follow, each with its cursor (created_at as Postgres writes it, so no microsecond is lost);
 * and how many match in all.
 */
export async function ordersPageAfter(
  manager: EntityManager,
  filter: OrderFilterInput,
  siteTimezone: string,
  limit: number,
  after: PageCursor | null,
): Promise<{ rows: Array<{ order: Order; cursor: PageCursor }>; total: number }> {
  const { where, params } = filterSql(filter, siteTimezone);
  const [{ total }] = (await manager.query(`SELECT count(*)::int AS total FROM orders o ${where}`, params)) as Array<{ total: number }>;
  const keyset = after ? `${where ? `${where} AND` : 'WHERE'} (o.created_at, o.id) < ($${params.length + 1}::timestamptz, $${params.length + 2}::uuid)` : where;
  const rows = (await manager.query(
    `SELECT o.*, o.created_at::text AS cursor_at FROM orders o ${keyset} ORDER BY o.created_at DESC, o.id DESC LIMIT ${Math.floor(limit)}`,
    after ? [...params, after.at, after.id] : params,
  )) as Array<Record<string, unknown>>;
  return { rows: rows.map((r) => ({ order: toOrder(r), cursor: { at: String(r.cursor_at), id: String(r.id) } })), total };
}

export async function ordersOfBuyer(manager: EntityManager, buyerId: string): Promise<Order[]> {
  const rows = (await manager.query(`SELECT * FROM orders WHERE buyer_id = $1 ORDER BY created_at DESC`, [buyerId])) as Array<Record<string, unknown>>;
  return rows.map(toOrder);
}

export async function stats(manager: EntityManager): Promise<CommerceStats> {
  const [row] = (await manager.query(`SELECT
      COALESCE(SUM(amount_usd_cents) FILTER (WHERE status = 'completed'), 0)::int AS usd,
      COALESCE(SUM(amount_xaf) FILTER (WHERE status = 'completed'), 0)::int AS xaf,
      count(*) FILTER (WHERE status = 'completed')::int AS sales,
      count(*) FILTER (WHERE status = 'pending')::int AS pending,
      count(DISTINCT buyer_id) FILTER (WHERE status = 'completed')::int AS buyers
    FROM orders`)) as Array<{ usd: number; xaf: number; sales: number; pending: number; buyers: number }>;
  return { revenue: { usdCents: row!.usd, xaf: row!.xaf }, salesCount: row!.sales, pendingCount: row!.pending, buyerCount: row!.buyers };
}

export async function latestAttempt(manager: EntityManager, orderId: string): Promise<PaymentAttempt | null> {
  const rows = (await manager.query(`SELECT * FROM payment_attempts WHERE order_id = $1 ORDER BY number DESC LIMIT 1`, [orderId])) as Array<Record<string, unknown>>;
  return rows[0] ? toAttempt(rows[0]) : null;
}

export async function lockOrder(manager: EntityManager, orderId: string): Promise<Order | null> {
  const rows = (await manager.query(`SELECT * FROM orders WHERE id = $1 FOR UPDATE`, [orderId])) as Array<Record<string, unknown>>;
  return rows[0] ? toOrder(rows[0]) : null;
}

export async function cancelAttempt(manager: EntityManager, attemptId: string, failureCode: string, at: Date): Promise<void> {
  await manager.query(`UPDATE payment_attempts SET status = 'canceled', failure_code = $2, settled_at = $3 WHERE id = $1`, [attemptId, failureCode, at]);
}

