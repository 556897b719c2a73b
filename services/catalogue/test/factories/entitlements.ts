import { randomUUID } from 'node:crypto';
import type { CatalogueTestContext } from '../harness';

/* The entitlements room's factories: the read model's rows as its consumers leave them. */

/** An entitlement as commerce's purchase leaves it (the consumer's row), written by the test. */
export async function grant(t: CatalogueTestContext, userId: string, videoId: string): Promise<string> {
  const orderId = randomUUID();
  await t.sql.query(`INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at) VALUES ($1, $2, $3, 'video', now())`, [
    orderId,
    userId,
    videoId,
  ]);
  return orderId;
}

/** A refund as the consumer records it. */
export async function refund(t: CatalogueTestContext, orderId: string): Promise<void> {
  await t.sql.query('UPDATE catalogue.entitlements SET revoked_at = now() WHERE order_id = $1', [orderId]);
}
