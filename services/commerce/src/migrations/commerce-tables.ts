import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CommerceTables1763900000000 implements MigrationInterface {
  name = 'CommerceTables1763900000000';

  async up(q: QueryRunner): Promise<void> {
    // Price list read model, kept from catalogue.item.* (the only source of what is charged).
    await q.query(`CREATE TABLE price_list (
      item_id uuid PRIMARY KEY,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      title text NOT NULL,
      price_usd_cents int NOT NULL CHECK (price_usd_cents >= 0),
      for_sale boolean NOT NULL,
      occurred_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Buyers' e-mails, kept from identity.user.registered (access tokens carry no e-mail).
    await q.query(`CREATE TABLE buyers (
      user_id uuid PRIMARY KEY,
      email text NOT NULL
    )`);
    // An order for one item. A purchase is a completed order (no separate table).
    await q.query(`CREATE TABLE orders (
      id uuid PRIMARY KEY,
      buyer_id uuid NOT NULL,
      buyer_email text NOT NULL,
      item_id uuid NOT NULL,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      item_title text NOT NULL,
      amount_usd_cents int NOT NULL CHECK (amount_usd_cents >= 0),
      amount_xaf int NOT NULL CHECK (amount_xaf >= 0),
      status text NOT NULL CHECK (status IN ('created', 'pending', 'completed', 'failed', 'expired', 'canceled', 'refunded')),
      receipt_number text UNIQUE,
      completed_at timestamptz,
      admin_action_kind text CHECK (admin_action_kind IN ('granted', 'refunded')),
      admin_action_reason text,
      admin_action_admin_id uuid,
      admin_action_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((status IN ('completed', 'refunded')) = (receipt_number IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX orders_buyer ON orders (buyer_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_created ON orders (created_at DESC)`);
    // One open order per buyer and item: two "Payer" clicks land on the same order.
    await q.query(`CREATE UNIQUE INDEX orders_one_open ON orders (buyer_id, item_id) WHERE status IN ('created', 'pending', 'failed', 'expired', 'canceled')`);
    // And never two paid orders for one item.
    await q.query(`CREATE UNIQUE INDEX orders_one_paid ON orders (buyer_id, item_id) WHERE status = 'completed'`);
    await q.query(`CREATE TABLE payment_attempts (
      id uuid PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES orders (id),
      number int NOT NULL,
      provider text NOT NULL CHECK (provider IN ('orange', 'mtn', 'notchpay')),
      reference text NOT NULL,
      provider_reference text,
      phone text,
      status text NOT NULL CHECK (status IN ('pending', 'completed', 'failed', 'expired', 'canceled')),
      operator_transaction_id text,
      failure_code text,
      authorization_url text,
      expires_at timestamptz NOT NULL,
      poll_round int NOT NULL DEFAULT 0,
      last_checked_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz,
      UNIQUE (provider, reference),
      UNIQUE (order_id, number)
    )`);
    // One live attempt per order, whatever the code does.
    await q.query(`CREATE UNIQUE INDEX payment_attempts_one_live ON payment_attempts (order_id) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX payment_attempts_pending ON payment_attempts (expires_at) WHERE status = 'pending'`);
    await q.query(`CREATE INDEX payment_attempts_provider_reference ON payment_attempts (provider, provider_reference)`);
    await q.query(`CREATE INDEX payment_attempts_operator_txn ON payment_attempts (operator_transaction_id)`);
    await q.query(`CREATE INDEX payment_attempts_phone ON payment_attempts (phone, created_at)`);
    // Every answer and notification a provider sent about an attempt, raw, secrets removed.
    await q.query(`CREATE TABLE provider_exchanges (
      id bigserial PRIMARY KEY,
      attempt_id uuid NOT NULL REFERENCES payment_attempts (id),
      at timestamptz NOT NULL DEFAULT now(),
      kind text NOT NULL,
      http_status int,
      body jsonb
    )`);
    await q.query(`CREATE INDEX provider_exchanges_attempt ON provider_exchanges (attempt_id, id)`);
    // Every webhook as received. dedupe_key is unique: a replay or duplicate is stored once.
    await q.query(`CREATE TABLE webhook_log (
      id uuid PRIMARY KEY,
      provider text NOT NULL,
      raw_body text NOT NULL,
      headers jsonb NOT NULL,
      signature_valid boolean,
      dedupe_key text NOT NULL UNIQUE,
      attempt_id uuid,
      outcome text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE receipt_counters (
      year int PRIMARY KEY,
      last int NOT NULL CHECK (last >= 0)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['receipt_counters', 'webhook_log', 'provider_exchanges', 'payment_attempts', 'orders', 'buyers', 'price_list']) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
