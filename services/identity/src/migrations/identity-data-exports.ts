import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Data export (issue 23 point 2): one row per request, by the person or by an administrator on their
 * behalf (with the reason). The rate limit reads it (one export per person per day); the account's
 * erasure deletes the person's rows (the reason may name them).
 */
export class IdentityDataExports1781000000000 implements MigrationInterface {
  name = 'IdentityDataExports1781000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE data_exports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      requested_by uuid,
      reason text,
      CONSTRAINT data_exports_admin_reason CHECK ((requested_by IS NULL) = (reason IS NULL))
    )`);
    await q.query(`CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE data_exports`);
  }
}
