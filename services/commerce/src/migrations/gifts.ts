import type { MigrationInterface, QueryRunner } from 'typeorm';

const OPEN = `('created', 'pending', 'failed', 'expired', 'canceled')`;

/**
 * « Offrir » (issue 26 point 3). A gift is an order the buyer pays for someone else (`orders.gift`):
 * it has its own open order beside the buyer's own (orders_one_open per kind), and once paid it is
 * not the buyer's (orders_one_paid counts their own orders only; a buyer may offer an item twice).
 * `gifts`: one row per gift order, with the recipient (an e-mail or a phone number, personal data of
 * the buyer's), the message, the claim link's token hash (null until issued, and again once the gift
 * is canceled by a refund), and who claimed it and when. At most one claim per gift (the row), and
 * one claimed gift per person and item.
 */
export class Gifts1782000000100 implements MigrationInterface {
  name = 'Gifts1782000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN gift boolean NOT NULL DEFAULT false`);
    await q.query(`DROP INDEX orders_one_open`);
    await q.query(`CREATE UNIQUE INDEX orders_one_open ON orders (buyer_id, item_id, gift) WHERE status IN ${OPEN}`);
    await q.query(`DROP INDEX orders_one_paid`);
    await q.query(`CREATE UNIQUE INDEX orders_one_paid ON orders (buyer_id, item_id) WHERE status = 'completed' AND NOT gift`);
    await q.query(`CREATE TABLE gifts (
      id uuid PRIMARY KEY,
      order_id uuid NOT NULL UNIQUE REFERENCES orders (id),
      buyer_id uuid NOT NULL,
      item_id uuid NOT NULL,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      recipient_email text,
      recipient_phone text,
      message text NOT NULL DEFAULT '' CHECK (char_length(message) <= 300),
      token_hash text UNIQUE,
      link_issued_at timestamptz,
      claimed_by uuid,
      claimed_at timestamptz,
      canceled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((recipient_email IS NULL) <> (recipient_phone IS NULL) OR (recipient_email IS NULL AND recipient_phone IS NULL AND message = '')),
      CHECK ((claimed_by IS NULL) = (claimed_at IS NULL)),
      CHECK (claimed_at IS NULL OR canceled_at IS NULL)
    )`);
    await q.query(`CREATE INDEX gifts_buyer ON gifts (buyer_id, created_at DESC)`);
    await q.query(`CREATE UNIQUE INDEX gifts_one_per_claimer ON gifts (claimed_by, item_id) WHERE claimed_by IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE gifts`);
    await q.query(`DELETE FROM payment_attempts WHERE order_id IN (SELECT id FROM orders WHERE gift)`);
    await q.query(`DELETE FROM orders WHERE gift`);
    await q.query(`DROP INDEX orders_one_paid`);
    await q.query(`CREATE UNIQUE INDEX orders_one_paid ON orders (buyer_id, item_id) WHERE status = 'completed'`);
    await q.query(`DROP INDEX orders_one_open`);
    await q.query(`CREATE UNIQUE INDEX orders_one_open ON orders (buyer_id, item_id) WHERE status IN ${OPEN}`);
    await q.query(`ALTER TABLE orders DROP COLUMN gift`);
  }
}
