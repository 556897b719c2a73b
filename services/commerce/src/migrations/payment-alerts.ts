import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payments waiting for reconciliation (the back-office bell, operations/admin-alerts.ts): an order's
 * open alert (why, since when; null = none), and the customers' claims the provider did not confirm
 * ("J'ai payé mais je n'ai pas accès"), with what they gave.
 */
export class PaymentAlerts1764000000500 implements MigrationInterface {
  name = 'PaymentAlerts1764000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders
      ADD COLUMN alert_reason text CHECK (alert_reason IN ('claim', 'outcome-unknown')),
      ADD COLUMN alert_raised_at timestamptz,
      ADD CONSTRAINT orders_alert_complete CHECK ((alert_reason IS NULL) = (alert_raised_at IS NULL))`);
    await q.query(`CREATE INDEX orders_alert_open ON orders (alert_raised_at) WHERE alert_raised_at IS NOT NULL`);
    await q.query(`CREATE TABLE payment_claims (
      id uuid PRIMARY KEY,
      buyer_id uuid NOT NULL,
      order_id uuid REFERENCES orders (id),
      attempt_id uuid REFERENCES payment_attempts (id),
      operator_transaction_id text,
      phone text,
      paid_at timestamptz,
      finding text NOT NULL CHECK (finding IN ('still-pending', 'unreachable', 'not-paid', 'not-found')),
      message text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX payment_claims_order ON payment_claims (order_id, created_at)`);
    await q.query(`CREATE INDEX payment_claims_buyer ON payment_claims (buyer_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE payment_claims`);
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_alert_complete, DROP COLUMN alert_raised_at, DROP COLUMN alert_reason`);
  }
}
