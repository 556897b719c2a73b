import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator health (issue 26 point 5), measured from the attempts themselves:
 * - `operator`: the mobile network the prompt went to, 'orange' or 'mtn' (Orange Money and MTN MoMo
 *   are their own; NotchPay's direct charge goes to the network of the number, Orange 655-659 / 69x,
 *   MTN otherwise); null when it is not known (NotchPay's hosted page, no phone given).
 * - `late_answer`: the provider's final word ('failed', 'canceled', 'expired') on an attempt we had
 *   already ended ourselves at the end of its window without it: until it comes, the timeout counts
 *   as unknown, never as a failure (operator-health/rules.ts).
 * - an index on `created_at` for the window's aggregate (the last 30 minutes, the last 24 hours).
 */
export class OperatorHealth1764000000800 implements MigrationInterface {
  name = 'OperatorHealth1764000000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempts ADD COLUMN operator text CHECK (operator IN ('orange', 'mtn'))`);
    await q.query(`ALTER TABLE payment_attempts ADD COLUMN late_answer text CHECK (late_answer IN ('failed', 'canceled', 'expired'))`);
    await q.query(`UPDATE payment_attempts SET operator = CASE
        WHEN provider IN ('orange', 'mtn') THEN provider
        WHEN phone ~ '^\\+237(69|65[5-9])' THEN 'orange'
        WHEN phone IS NOT NULL THEN 'mtn'
      END`);
    await q.query(`CREATE INDEX payment_attempts_created ON payment_attempts (created_at, provider)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payment_attempts_created`);
    await q.query(`ALTER TABLE payment_attempts DROP COLUMN late_answer`);
    await q.query(`ALTER TABLE payment_attempts DROP COLUMN operator`);
  }
}
