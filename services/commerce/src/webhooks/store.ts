import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { ProviderName } from '../providers';
import { WEBHOOKS_KEPT_PER_ATTEMPT } from './rules';

/** The webhooks module's door to the database (SQL through the EntityManager, the service's one way). */

/** Our attempt among these references (ours, the provider's, or the order id), the live one first. */
export async function attemptNamed(ds: DataSource, provider: ProviderName, references: string[], providerReferences: string[]): Promise<string | null> {
  const rows = (await ds.manager.query(
    `SELECT a.id FROM payment_attempts a
      WHERE a.provider = $1 AND (a.reference = ANY($2) OR a.provider_reference = ANY($3) OR a.order_id::text = ANY($2))
      ORDER BY (a.status = 'pending') DESC, a.number DESC LIMIT 1`,
    [provider, references, providerReferences],
  )) as Array<{ id: string }>;
  return rows[0]?.id ?? null;
}

export interface LoggedNotification {
  provider: ProviderName;
  rawBody: string;
  headers: Record<string, string>;
  signatureValid: boolean | null;
  dedupeKey: string;
  attemptId: string;
  outcome: string;
  receivedAt: Date;
}

/**
 * Keeps a notification in webhook_log unless the attempt has WEBHOOKS_KEPT_PER_ATTEMPT already
 * ('full') or the same one is there ('duplicate', the UNIQUE dedupe key).
 */
export function logNotification(ds: DataSource, n: LoggedNotification): Promise<'stored' | 'duplicate' | 'full'> {
  return ds.transaction(async (manager) => {
    // One writer per attempt at a time, so that the count below holds under a burst.
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('commerce:webhook_log:' || $1))`, [n.attemptId]);
    const [{ count }] = (await manager.query(`SELECT count(*)::int AS count FROM webhook_log WHERE attempt_id = $1`, [n.attemptId])) as Array<{ count: number }>;
    if (count >= WEBHOOKS_KEPT_PER_ATTEMPT) return 'full' as const;
    const stored = (await manager.query(
      `INSERT INTO webhook_log (id, provider, raw_body, headers, signature_valid, dedupe_key, attempt_id, outcome, received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
      [randomUUID(), n.provider, n.rawBody, JSON.stringify(n.headers), n.signatureValid, n.dedupeKey, n.attemptId, n.outcome, n.receivedAt],
    )) as Array<{ id: string }>;
    return stored.length ? ('stored' as const) : ('duplicate' as const);
  });
}
