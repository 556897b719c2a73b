import type { EntityManager } from 'typeorm';
import type { Order, PaymentAttempt, ProviderExchange } from '../entities';
import { fromRow, updateById } from '@lbf/service-kit';
import type { OrderRecord } from './views';

const date = (v: unknown) => (v ? new Date(v as string) : null);

/** An orders row (from a query, or from json) as the entity. */
export function toOrder(r: Record<string, unknown>): Order {
  const o = fromRow<Order>(r);
  return { ...o, completedAt: date(r.completed_at), adminActionAt: date(r.admin_action_at), createdAt: date(r.created_at)!, updatedAt: date(r.updated_at)! };
}

/** A payment_attempts row (from a query, or from json_agg, whose dates are strings) as the entity. */
export function toAttempt(r: Record<string, unknown>): PaymentAttempt {
  const a = fromRow<PaymentAttempt>(r);
  return {
    ...a,
    expiresAt: date(r.expires_at)!,
    lastCheckedAt: date(r.last_checked_at),
    createdAt: date(r.created_at)!,
    settledAt: date(r.settled_at),
    chargeResentAt: date(r.charge_resent_at),
  };
}

export async function findOrder(manager: EntityManager, orderId: string): Promise<Order | null> {
  const rows = (await manager.query(`SELECT * FROM orders WHERE id = $1`, [orderId])) as Array<Record<string, unknown>>;
  return rows[0] ? toOrder(rows[0]) : null;
}

/** Orders with their attempts (and exchanges for admins), in three statements whatever the count. */
export async function loadRecords(manager: EntityManager, orders: Order[], withExchanges: boolean): Promise<OrderRecord[]> {
  if (!orders.length) return [];
  const attempts = ((await manager.query(`SELECT * FROM payment_attempts WHERE order_id = ANY($1::uuid[]) ORDER BY number ASC`, [orders.map((o) => o.id)])) as Array<Record<string, unknown>>).map(toAttempt);
  const byOrder = new Map<string, PaymentAttempt[]>();
  for (const a of attempts) byOrder.set(a.orderId, [...(byOrder.get(a.orderId) ?? []), a]);
  let exchanges: Map<string, ProviderExchange[]> | undefined;
  if (withExchanges && attempts.length) {
    exchanges = new Map();
    const rows = (await manager.query(`SELECT * FROM provider_exchanges WHERE attempt_id = ANY($1::uuid[]) ORDER BY id ASC`, [attempts.map((a) => a.id)])) as Array<Record<string, unknown>>;
    for (const e of rows.map((r) => fromRow<ProviderExchange>(r))) exchanges.set(e.attemptId, [...(exchanges.get(e.attemptId) ?? []), e]);
  }
  return orders.map((order) => ({ order, attempts: byOrder.get(order.id) ?? [], exchanges }));
}

export async function loadRecord(manager: EntityManager, orderId: string, withExchanges: boolean): Promise<OrderRecord | null> {
  const order = await findOrder(manager, orderId);
  if (!order) return null;
  return (await loadRecords(manager, [order], withExchanges))[0]!;
}

export async function findAttempt(manager: EntityManager, attemptId: string): Promise<PaymentAttempt | null> {
  const rows = (await manager.query(`SELECT * FROM payment_attempts WHERE id = $1`, [attemptId])) as Array<Record<string, unknown>>;
  return rows[0] ? toAttempt(rows[0]) : null;
}

/** The order's live (pending) attempt: at most one (partial unique index). */
export async function liveAttemptOf(manager: EntityManager, orderId: string): Promise<PaymentAttempt | null> {
  const rows = (await manager.query(`SELECT * FROM payment_attempts WHERE order_id = $1 AND status = 'pending' LIMIT 1`, [orderId])) as Array<Record<string, unknown>>;
  return rows[0] ? toAttempt(rows[0]) : null;
}

/** Writes the defined fields of `patch` to the order (the callers hold its lock where it matters). */
export async function updateOrder(manager: EntityManager, orderId: string, patch: Partial<Order>): Promise<void> {
  const update = updateById('orders', orderId, patch);
  if (update) await manager.query(update.sql, update.params);
}

export async function updateAttempt(manager: EntityManager, attemptId: string, patch: Partial<PaymentAttempt>): Promise<void> {
  const update = updateById('payment_attempts', attemptId, patch);
  if (update) await manager.query(update.sql, update.params);
}
