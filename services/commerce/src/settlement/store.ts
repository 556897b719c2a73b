import type { EntityManager } from 'typeorm';
import type { Order, PaymentAttempt } from '../entities';
import { toAttempt, toOrder } from '../orders';
import type { ProviderName } from '../providers';
import { returnedRows } from '@lbf/service-kit';

/** The settlement module's door to the database (SQL through the EntityManager, the service's one way). */

export type Exchange = { kind: string; httpStatus: number | null; body: unknown };

/** Keeps a provider's raw answer beside its attempt (secrets are the clients' to keep out of bodies). */
export async function recordExchange(manager: EntityManager, attemptId: string, exchange: Exchange, at: Date): Promise<void> {
  const body = exchange.body === null || exchange.body === undefined ? null : JSON.stringify(exchange.body);
  await manager.query(`INSERT INTO provider_exchanges (attempt_id, at, kind, http_status, body) VALUES ($1, $2, $3, $4, $5::jsonb)`, [
    attemptId,
    at,
    exchange.kind,
    exchange.httpStatus,
    body,
  ]);
}

/** Locks an attempt and its order, order first (the order every writer takes them in). */
export async function lockAttempt(manager: EntityManager, attemptId: string): Promise<{ order: Order; attempt: PaymentAttempt } | null> {
  const head = (await manager.query('SELECT order_id FROM payment_attempts WHERE id = $1', [attemptId])) as Array<{ order_id: string }>;
  if (!head.length) return null;
  const [order] = (await manager.query(`SELECT * FROM orders WHERE id = $1 FOR UPDATE`, [head[0]!.order_id])) as Array<Record<string, unknown>>;
  const [attempt] = (await manager.query(`SELECT * FROM payment_attempts WHERE id = $1 FOR UPDATE`, [attemptId])) as Array<Record<string, unknown>>;
  return order && attempt ? { order: toOrder(order), attempt: toAttempt(attempt) } : null;
}

export type SupersededAttempt = { id: string; provider: ProviderName; reference: string; provider_reference: string | null };

/** A late "paid" on an earlier attempt while a newer one is live: the newer one is canceled (it must not charge again). */
export async function cancelOtherLiveAttempts(manager: EntityManager, orderId: string, paidAttemptId: string, reason: string, at: Date): Promise<SupersededAttempt[]> {
  return returnedRows<SupersededAttempt>(
    await manager.query(
      `UPDATE payment_attempts SET status = 'canceled', failure_code = $3, settled_at = $2
        WHERE order_id = $1 AND status = 'pending' AND id <> $4 RETURNING id, provider, reference, provider_reference`,
      [orderId, at, reason, paidAttemptId],
    ),
  );
}

/** The next receipt sequence of a year (its counter row bumped in the caller's transaction). */
export async function nextReceiptSequence(manager: EntityManager, year: number): Promise<number> {
  const [row] = returnedRows<{ last: number }>(
    await manager.query(
      `INSERT INTO receipt_counters (year, last) VALUES ($1, 1)
       ON CONFLICT (year) DO UPDATE SET last = receipt_counters.last + 1 RETURNING last`,
      [year],
    ),
  );
  return row!.last;
}

/** The trace context the checkout kept on its attempt (null when it kept none), so a later settlement joins the buyer's trace. */
export async function attemptTraceContext(manager: EntityManager, attemptId: string): Promise<unknown> {
  const rows = (await manager.query('SELECT trace_context FROM payment_attempts WHERE id = $1', [attemptId])) as Array<{ trace_context: unknown }>;
  return rows[0]?.trace_context ?? null;
}

/** The poller and nudges only look at live attempts (an admin re-check may look at finished ones). */
export async function isPending(manager: EntityManager, attemptId: string): Promise<boolean> {
  const rows = (await manager.query(`SELECT 1 FROM payment_attempts WHERE id = $1 AND status = 'pending'`, [attemptId])) as unknown[];
  return rows.length > 0;
}

export async function notePollRound(manager: EntityManager, attemptId: string, round: number): Promise<void> {
  await manager.query(`UPDATE payment_attempts SET poll_round = GREATEST(poll_round, $2) WHERE id = $1`, [attemptId, round]);
}

/** Pending attempts nobody asked about for 2 minutes (a lost job, a restart). */
export async function stalePendingAttempts(manager: EntityManager): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT id FROM payment_attempts WHERE status = 'pending'
       AND COALESCE(last_checked_at, created_at) < now() - interval '2 minutes' ORDER BY expires_at LIMIT 200`,
  )) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** Claims the next resend of an unsent charge (one instance wins); false when another did. */
export async function claimChargeResend(manager: EntityManager, attempt: PaymentAttempt, at: Date, expiresAt: Date): Promise<boolean> {
  const claimed = returnedRows<{ id: string }>(
    await manager.query(
      `UPDATE payment_attempts SET charge_resends = charge_resends + 1, charge_resent_at = $2, expires_at = GREATEST(expires_at, $3)
        WHERE id = $1 AND status = 'pending' AND charge_resends = $4 RETURNING id`,
      [attempt.id, at, expiresAt, attempt.chargeResends],
    ),
  );
  return claimed.length > 0;
}

/** What a charge request needs: the attempt and its order's amount, buyer and title. */
export interface ChargeRow {
  id: string;
  provider: ProviderName;
  reference: string;
  provider_reference: string | null;
  phone: string | null;
  order_id: string;
  amount_xaf: number;
  buyer_email: string;
  item_title: string;
}

export async function chargeRow(manager: EntityManager, attemptId: string): Promise<ChargeRow> {
  const rows = (await manager.query(
    `SELECT a.id, a.provider, a.reference, a.provider_reference, a.phone, o.id AS order_id, o.amount_xaf, o.buyer_email, o.item_title
       FROM payment_attempts a JOIN orders o ON o.id = a.order_id WHERE a.id = $1`,
    [attemptId],
  )) as ChargeRow[];
  return rows[0]!;
}

export async function keepProviderReference(manager: EntityManager, attemptId: string, providerReference: string): Promise<void> {
  await manager.query(`UPDATE payment_attempts SET provider_reference = $2 WHERE id = $1 AND provider_reference IS NULL`, [attemptId, providerReference]);
}

/** Opens the order's alert unless one is open or the order is paid: its item's title when raised now, else null. */
export async function openAlert(manager: EntityManager, orderId: string, reason: string, at: Date): Promise<string | null> {
  const rows = returnedRows<{ item_title: string }>(
    await manager.query(
      `UPDATE orders SET alert_reason = $2, alert_raised_at = $3
        WHERE id = $1 AND alert_raised_at IS NULL AND status NOT IN ('completed', 'refunded') RETURNING item_title`,
      [orderId, reason, at],
    ),
  );
  return rows.length ? rows[0]!.item_title : null;
}

/** Closes the order's alert if one is open; true when it was cleared now. */
export async function closeAlert(manager: EntityManager, orderId: string): Promise<boolean> {
  const rows = returnedRows<{ id: string }>(
    await manager.query(`UPDATE orders SET alert_reason = NULL, alert_raised_at = NULL WHERE id = $1 AND alert_raised_at IS NOT NULL RETURNING id`, [orderId]),
  );
  return rows.length > 0;
}
