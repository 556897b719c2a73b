import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Entitlements read model, kept from commerce.purchase.completed (grant) and
 * commerce.purchase.refunded (revoke). One row per order: the order id orders the two events, so a
 * refund that arrives before its completion leaves a row revoked from the start, which the late
 * completion fills in (granted_at) without bringing it back to life. An item is owned while one of
 * the buyer's rows is granted and not revoked. No foreign key to videos/pdfs: a deleted item must
 * not block (or lose) the history of who bought it.
 */
export class Entitlements1763900000000 implements MigrationInterface {
  name = 'Entitlements1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE entitlements (
      order_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      item_id uuid NOT NULL,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      granted_at timestamptz,
      revoked_at timestamptz,
      CHECK (granted_at IS NOT NULL OR revoked_at IS NOT NULL)
    )`);
    await q.query(`CREATE INDEX entitlements_live ON entitlements (user_id, item_id) WHERE granted_at IS NOT NULL AND revoked_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE entitlements`);
  }
}
