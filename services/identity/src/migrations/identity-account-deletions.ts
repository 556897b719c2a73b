import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Account deletion (issue 23 point 3): one row per request. It outlives the account it erases (no
 * foreign key to users): after the erasure it keeps only ids, times and the administrator's reason,
 * which is what is left to show that the deletion was asked for and carried out. At most one request
 * is pending per user (neither cancelled nor completed); the erasure job takes the due ones.
 */
export class IdentityAccountDeletions1780000000000 implements MigrationInterface {
  name = 'IdentityAccountDeletions1780000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE account_deletions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      requested_at timestamptz NOT NULL DEFAULT now(),
      scheduled_for timestamptz NOT NULL,
      requested_by uuid,
      reason text,
      cancelled_at timestamptz,
      completed_at timestamptz,
      CONSTRAINT account_deletions_one_end CHECK (cancelled_at IS NULL OR completed_at IS NULL),
      CONSTRAINT account_deletions_admin_reason CHECK ((requested_by IS NULL) = (reason IS NULL))
    )`);
    await q.query(`CREATE UNIQUE INDEX account_deletions_one_pending ON account_deletions (user_id) WHERE cancelled_at IS NULL AND completed_at IS NULL`);
    await q.query(`CREATE INDEX account_deletions_due ON account_deletions (scheduled_for) WHERE cancelled_at IS NULL AND completed_at IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE account_deletions`);
  }
}
