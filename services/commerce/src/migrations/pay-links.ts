import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * « Payer pour moi » (issue 26 point 2). `pay_links`: a signed-in requester's link for someone else
 * to pay one item, valid 7 days; only the token's SHA-256 is kept. The payer's attempts are the
 * requester's order's attempts, marked with the link (`pay_link_id`) and the payer's e-mail when
 * given (personal data kept with the attempt, as its phone). One payment per link: at most one
 * completed attempt per link (a partial unique index), on top of the order's one live attempt.
 */
export class PayLinks1764000001100 implements MigrationInterface {
  name = 'PayLinks1764000001100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE pay_links (
      id uuid PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      requester_id uuid NOT NULL,
      item_id uuid NOT NULL,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX pay_links_requester ON pay_links (requester_id, item_id)`);
    await q.query(`ALTER TABLE payment_attempts ADD COLUMN pay_link_id uuid REFERENCES pay_links (id), ADD COLUMN payer_email text`);
    await q.query(`CREATE UNIQUE INDEX payment_attempts_pay_link_paid ON payment_attempts (pay_link_id) WHERE pay_link_id IS NOT NULL AND status = 'completed'`);
    await q.query(`CREATE INDEX payment_attempts_pay_link ON payment_attempts (pay_link_id) WHERE pay_link_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX payment_attempts_pay_link`);
    await q.query(`DROP INDEX payment_attempts_pay_link_paid`);
    await q.query(`ALTER TABLE payment_attempts DROP COLUMN payer_email, DROP COLUMN pay_link_id`);
    await q.query(`DROP TABLE pay_links`);
  }
}
