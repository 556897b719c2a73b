import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An attempt committed whose charge never reached the provider (the process died in between) is
 * sent again at most a few times (operations/attempts.ts `recoverUnsentCharge`): how many times and
 * when last. The webhook log is bounded per attempt (operations/webhooks.ts): counted by attempt.
 */
export class ChargeRecovery1764000000650 implements MigrationInterface {
  name = 'ChargeRecovery1764000000650';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempts
      ADD COLUMN charge_resends int NOT NULL DEFAULT 0 CHECK (charge_resends >= 0),
      ADD COLUMN charge_resent_at timestamptz`);
    await q.query(`CREATE INDEX webhook_log_attempt ON webhook_log (attempt_id) WHERE attempt_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX webhook_log_attempt`);
    await q.query(`ALTER TABLE payment_attempts DROP COLUMN charge_resent_at, DROP COLUMN charge_resends`);
  }
}
