import type { MigrationInterface, QueryRunner } from 'typeorm';

// Every mail purpose before this migration (PayLinkMails1782000000201 set the last list).
const PURPOSES = `'password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement', 'contact_reply', 'newsletter_confirmation',
  'newsletter_campaign', 'newsletter_test', 'account_deletion', 'review_reminder', 'data_export', 'gift_received', 'pay_link_paid', 'pay_link_receipt'`;

/**
 * Webhooks (issue 24 point 5). `webhook_subscriptions`: an HTTPS URL, the public event types it
 * receives, its signing secret encrypted at rest (AES-256-GCM, key from the config), active or
 * paused, and its run of failed deliveries. `webhook_deliveries`: one per (event, subscription),
 * its id derived from both (stable: the receiver dedupes on it), the exact body signed at each
 * attempt. `webhook_attempts`: every try, with its outcome. One more mail purpose: the
 * administrators' notice that a subscription was paused.
 */
export class Webhooks1782000000500 implements MigrationInterface {
  name = 'Webhooks1782000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE webhook_subscriptions (
      id uuid PRIMARY KEY,
      url text NOT NULL,
      events text[] NOT NULL CHECK (cardinality(events) > 0),
      secret_ciphertext text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'paused')),
      paused_reason text,
      consecutive_failures int NOT NULL DEFAULT 0,
      created_by uuid NOT NULL,
      alert_email text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY,
      subscription_id uuid NOT NULL REFERENCES webhook_subscriptions (id) ON DELETE CASCADE,
      event_id uuid NOT NULL,
      event_type text NOT NULL,
      body text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
      attempts int NOT NULL DEFAULT 0,
      last_response_code int,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      delivered_at timestamptz,
      UNIQUE (subscription_id, event_id)
    )`);
    await q.query(`CREATE INDEX webhook_deliveries_list ON webhook_deliveries (subscription_id, created_at DESC)`);
    await q.query(`CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (updated_at) WHERE status = 'pending'`);
    await q.query(`CREATE TABLE webhook_attempts (
      id bigserial PRIMARY KEY,
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
      attempt int NOT NULL,
      started_at timestamptz NOT NULL,
      duration_ms int NOT NULL,
      succeeded boolean NOT NULL,
      response_code int,
      error text
    )`);
    await q.query(`CREATE INDEX webhook_attempts_delivery ON webhook_attempts (delivery_id, id)`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}, 'webhook_paused'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE purpose = 'webhook_paused'`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}))`);
    await q.query(`DROP TABLE webhook_attempts`);
    await q.query(`DROP TABLE webhook_deliveries`);
    await q.query(`DROP TABLE webhook_subscriptions`);
  }
}
