import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Promo codes (issue 26 point 1). `promo_codes`: what an administrator created; `held` counts the
 * uses reserved by a live attempt plus the uses paid, and is raised only by a conditional UPDATE
 * (`held < max_uses`) under the code's row lock, so the last use has exactly one winner.
 * `promo_uses`: the code on one order (one row per order, the latest attempt's): 'reserved' while its
 * attempt is live, 'used' once paid, 'released' when the attempt ended without money. Orders keep
 * the code and the discount they were charged with (their amounts are the discounted ones).
 */
export class PromoCodes1764000000900 implements MigrationInterface {
  name = 'PromoCodes1764000000900';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE promo_codes (
      id uuid PRIMARY KEY,
      code text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_-]{3,32}$'),
      kind text NOT NULL CHECK (kind IN ('percent', 'amount')),
      percent int CHECK (percent BETWEEN 1 AND 99),
      amount_xaf int CHECK (amount_xaf > 0),
      item_ids uuid[],
      starts_at timestamptz,
      ends_at timestamptz,
      max_uses int CHECK (max_uses > 0),
      per_customer_max int CHECK (per_customer_max > 0),
      active boolean NOT NULL DEFAULT true,
      held int NOT NULL DEFAULT 0 CHECK (held >= 0),
      created_by uuid,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT promo_codes_value CHECK ((kind = 'percent' AND percent IS NOT NULL AND amount_xaf IS NULL) OR (kind = 'amount' AND amount_xaf IS NOT NULL AND percent IS NULL)),
      CONSTRAINT promo_codes_dates CHECK (starts_at IS NULL OR ends_at IS NULL OR starts_at < ends_at)
    )`);
    await q.query(`CREATE TABLE promo_uses (
      order_id uuid PRIMARY KEY REFERENCES orders (id),
      code_id uuid NOT NULL REFERENCES promo_codes (id),
      buyer_id uuid NOT NULL,
      state text NOT NULL CHECK (state IN ('reserved', 'used', 'released')),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX promo_uses_code_buyer ON promo_uses (code_id, buyer_id) WHERE state <> 'released'`);
    await q.query(`ALTER TABLE orders
      ADD COLUMN promo_code_id uuid REFERENCES promo_codes (id),
      ADD COLUMN promo_code text,
      ADD COLUMN discount_xaf int NOT NULL DEFAULT 0 CHECK (discount_xaf >= 0),
      ADD COLUMN discount_usd_cents int NOT NULL DEFAULT 0 CHECK (discount_usd_cents >= 0)`);
    await q.query(`CREATE INDEX orders_promo_code ON orders (promo_code_id) WHERE promo_code_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_promo_code`);
    await q.query(`ALTER TABLE orders DROP COLUMN discount_usd_cents, DROP COLUMN discount_xaf, DROP COLUMN promo_code, DROP COLUMN promo_code_id`);
    await q.query(`DROP TABLE promo_uses`);
    await q.query(`DROP TABLE promo_codes`);
  }
}
