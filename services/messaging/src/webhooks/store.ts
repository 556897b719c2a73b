import type { EntityManager } from 'typeorm';
import { returnedRows as rowsOf } from '@lbf/service-kit';
import type { WebhookEventType } from './rules';

/** The webhooks room's one door to its tables (raw SQL through the EntityManager). */

export interface SubscriptionRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  secret_ciphertext: string;
  /** The secret the last change replaced, still signing beside the new one until previous_secret_expires_at. */
  previous_secret_ciphertext: string | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
  status: 'active' | 'paused';
  paused_reason: string | null;
  consecutive_failures: number;
  created_by: string;
  /** The creating administrator's address (their token's), told when it is paused; null: the site's contact address. */
  alert_email: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface DeliveryRow {
  id: string;
  subscription_id: string;
  event_id: string;
  event_type: WebhookEventType;
  body: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_response_code: number | null;
  last_error: string | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
}

export interface AttemptRow {
  delivery_id: string;
  attempt: number;
  started_at: Date;
  duration_ms: number;
  succeeded: boolean;
  response_code: number | null;
  error: string | null;
}

const SUBSCRIPTION_COLUMNS = `id, url, events, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at, secret_rotated_at, status, paused_reason, consecutive_failures, created_by, alert_email, created_at, updated_at`;
const DELIVERY_COLUMNS = `id, subscription_id, event_id, event_type, body, status, attempts, last_response_code, last_error, created_at, updated_at, delivered_at`;

export async function insertSubscription(
  m: EntityManager,
  s: { id: string; url: string; events: WebhookEventType[]; secretCiphertext: string; createdBy: string; alertEmail: string | null },
): Promise<SubscriptionRow> {
  const rows = await m.query(
    `INSERT INTO webhook_subscriptions (id, url, events, secret_ciphertext, created_by, alert_email) VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [s.id, s.url, s.events, s.secretCiphertext, s.createdBy, s.alertEmail],
  );
  return (rows as SubscriptionRow[])[0]!;
}

export async function listSubscriptions(m: EntityManager): Promise<SubscriptionRow[]> {
  return (await m.query(`SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions ORDER BY created_at DESC, id`)) as SubscriptionRow[];
}

export async function findSubscription(m: EntityManager, id: string, lock = false): Promise<SubscriptionRow | null> {
  const rows = (await m.query(`SELECT ${SUBSCRIPTION_COLUMNS} FROM webhook_subscriptions WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])) as SubscriptionRow[];
  return rows[0] ?? null;
}

/**
 * A new signing secret; the one it replaces keeps signing for `overlapMs` (a second change within that
 * time retires the first secret at once: only the last two ever sign).
 */
export async function replaceSecret(m: EntityManager, id: string, secretCiphertext: string, overlapMs: number): Promise<SubscriptionRow | null> {
  const rows = await m.query(
    `UPDATE webhook_subscriptions
        SET previous_secret_ciphertext = secret_ciphertext,
            previous_secret_expires_at = now() + $3 * interval '1 millisecond',
            secret_ciphertext = $2, secret_rotated_at = now(), updated_at = now()
      WHERE id = $1 RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [id, secretCiphertext, overlapMs],
  );
  return rowsOf<SubscriptionRow>(rows)[0] ?? null;
}

/** Active or paused; resuming starts the failure count again. */
export async function setSubscriptionStatus(m: EntityManager, id: string, status: 'active' | 'paused', reason: string | null): Promise<SubscriptionRow | null> {
  const rows = await m.query(
    `UPDATE webhook_subscriptions SET status = $2, paused_reason = $3, updated_at = now(),
            consecutive_failures = CASE WHEN $2 = 'active' THEN 0 ELSE consecutive_failures END
      WHERE id = $1 RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [id, status, reason],
  );
  return rowsOf<SubscriptionRow>(rows)[0] ?? null;
}

export async function deleteSubscription(m: EntityManager, id: string): Promise<SubscriptionRow | null> {
  return rowsOf<SubscriptionRow>(await m.query(`DELETE FROM webhook_subscriptions WHERE id = $1 RETURNING ${SUBSCRIPTION_COLUMNS}`, [id]))[0] ?? null;
}

export async function activeSubscriptionsFor(m: EntityManager, type: WebhookEventType): Promise<Array<{ id: string }>> {
  return (await m.query(`SELECT id FROM webhook_subscriptions WHERE status = 'active' AND $1 = ANY(events) ORDER BY id`, [type])) as Array<{ id: string }>;
}

/** The deliveries of one event, once each (a redelivered event adds nothing); the new rows' ids. */
export async function insertDeliveries(m: EntityManager, rows: Array<{ id: string; subscriptionId: string; eventId: string; type: WebhookEventType; body: string }>): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await m.query(
    `INSERT INTO webhook_deliveries (id, subscription_id, event_id, event_type, body)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[])
     ON CONFLICT DO NOTHING RETURNING id`,
    [rows.map((r) => r.id), rows.map((r) => r.subscriptionId), rows.map((r) => r.eventId), rows.map((r) => r.type), rows.map((r) => r.body)],
  );
  return (inserted as Array<{ id: string }>).map((r) => r.id);
}

export async function findDelivery(m: EntityManager, id: string): Promise<DeliveryRow | null> {
  return ((await m.query(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1`, [id])) as DeliveryRow[])[0] ?? null;
}

/** One try, logged, and the delivery's last outcome; the attempt's number. */
export async function recordAttempt(m: EntityManager, a: Omit<AttemptRow, 'attempt'>): Promise<number> {
  const rows = await m.query(
    `UPDATE webhook_deliveries SET attempts = attempts + 1, last_response_code = $2, last_error = $3, updated_at = now() WHERE id = $1 RETURNING attempts`,
    [a.delivery_id, a.response_code, a.error],
  );
  const attempt = rowsOf<{ attempts: number }>(rows)[0]!.attempts;
  await m.query(`INSERT INTO webhook_attempts (delivery_id, attempt, started_at, duration_ms, succeeded, response_code, error) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    a.delivery_id,
    attempt,
    a.started_at,
    a.duration_ms,
    a.succeeded,
    a.response_code,
    a.error,
  ]);
  return attempt;
}

/** Settles a pending delivery; false when it was not pending (settled already). */
export async function settleDelivery(m: EntityManager, id: string, status: 'succeeded' | 'failed'): Promise<boolean> {
  const rows = await m.query(
    `UPDATE webhook_deliveries SET status = $2, updated_at = now(), delivered_at = CASE WHEN $2 = 'succeeded' THEN now() ELSE delivered_at END
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, status],
  );
  return rowsOf(rows).length > 0;
}

/** The subscription's run of failed deliveries: reset by a success, one more by a failure; the new count. */
export async function countOutcome(m: EntityManager, subscriptionId: string, succeeded: boolean): Promise<SubscriptionRow | null> {
  const rows = await m.query(
    `UPDATE webhook_subscriptions SET consecutive_failures = CASE WHEN $2 THEN 0 ELSE consecutive_failures + 1 END, updated_at = now()
      WHERE id = $1 RETURNING ${SUBSCRIPTION_COLUMNS}`,
    [subscriptionId, succeeded],
  );
  return rowsOf<SubscriptionRow>(rows)[0] ?? null;
}

/** « Renvoyer »: the delivery pending again (any settled one); null when unknown. */
export async function reopenDelivery(m: EntityManager, id: string): Promise<DeliveryRow | null> {
  const rows = await m.query(`UPDATE webhook_deliveries SET status = 'pending', updated_at = now() WHERE id = $1 RETURNING ${DELIVERY_COLUMNS}`, [id]);
  return rowsOf<DeliveryRow>(rows)[0] ?? null;
}

/** Pending deliveries of active subscriptions untouched for `olderThanMs` (their job may be lost), or every pending one of `subscriptionId`. */
export async function pendingDeliveries(m: EntityManager, by: { olderThanMs: number } | { subscriptionId: string }, limit = 500): Promise<string[]> {
  const rows =
    'subscriptionId' in by
      ? await m.query(`SELECT id FROM webhook_deliveries WHERE subscription_id = $1 AND status = 'pending' ORDER BY created_at LIMIT $2`, [by.subscriptionId, limit])
      : await m.query(
          `SELECT d.id FROM webhook_deliveries d JOIN webhook_subscriptions s ON s.id = d.subscription_id
            WHERE d.status = 'pending' AND s.status = 'active' AND d.updated_at < now() - make_interval(secs => $1::double precision / 1000)
            ORDER BY d.updated_at LIMIT $2`,
          [by.olderThanMs, limit],
        );
  return (rows as Array<{ id: string }>).map((r) => r.id);
}

export async function listDeliveries(m: EntityManager, subscriptionId: string, page: number, pageSize: number): Promise<{ rows: DeliveryRow[]; total: number }> {
  const rows = (await m.query(`SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE subscription_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`, [
    subscriptionId,
    pageSize,
    (page - 1) * pageSize,
  ])) as DeliveryRow[];
  const [{ n }] = (await m.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE subscription_id = $1`, [subscriptionId])) as Array<{ n: number }>;
  return { rows, total: n! };
}

export async function attemptsOf(m: EntityManager, deliveryIds: string[]): Promise<AttemptRow[]> {
  if (!deliveryIds.length) return [];
  return (await m.query(
    `SELECT delivery_id, attempt, started_at, duration_ms, succeeded, response_code, error FROM webhook_attempts WHERE delivery_id = ANY($1::uuid[]) ORDER BY delivery_id, id`,
    [deliveryIds],
  )) as AttemptRow[];
}
