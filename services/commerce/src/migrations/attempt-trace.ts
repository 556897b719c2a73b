import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trace context (W3C, as JSON) of the checkout that started an attempt: whichever channel
 * learns its outcome later (a webhook, the poller, "Vérifier"), the completion and its
 * commerce.purchase.completed join the buyer's checkout trace (issue 22 point 7). Null when
 * tracing is off.
 */
export class AttemptTrace1764000000700 implements MigrationInterface {
  name = 'AttemptTrace1764000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempts ADD COLUMN trace_context jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempts DROP COLUMN trace_context`);
  }
}
