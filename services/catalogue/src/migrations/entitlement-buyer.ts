import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a buyer's stamped copy of a guide names (issue 8): the order's receipt number, the buyer's
 * e-mail and name, kept on the order's entitlement from commerce.purchase.completed. Null on rows
 * written before (and on a refund seen before its completion): the stamp then falls back to the
 * order id and 'Client LBF'.
 */
export class EntitlementBuyer1764000000300 implements MigrationInterface {
  name = 'EntitlementBuyer1764000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE entitlements ADD COLUMN receipt_number text, ADD COLUMN buyer_email text, ADD COLUMN buyer_name text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE entitlements DROP COLUMN receipt_number, DROP COLUMN buyer_email, DROP COLUMN buyer_name`);
  }
}
