import type { MigrationInterface, QueryRunner } from 'typeorm';

// The purposes before this migration; 'review_reminder' came with ReviewReminders (1780000000200), which runs first.
const PURPOSES = `'password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement', 'contact_reply', 'newsletter_confirmation', 'newsletter_campaign', 'newsletter_test', 'account_deletion'`;

/**
 * Data export (issue 23 point 2): messaging assembles the archive. `data_exports` is one export as
 * messaging follows it (the parts in, then the archive, kept until `expires_at` and then deleted with
 * its row by the purge job); `data_export_parts` holds each service's part until the archive is made.
 * One more mail purpose: the link to the archive.
 */
export class DataExports1781000000100 implements MigrationInterface {
  name = 'DataExports1781000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE data_exports (
      id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      requested_by uuid,
      requested_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'preparing' CHECK (status IN ('preparing', 'ready', 'failed')),
      ready_at timestamptz,
      expires_at timestamptz,
      archive bytea,
      CONSTRAINT data_exports_ready CHECK ((status = 'ready') = (archive IS NOT NULL AND expires_at IS NOT NULL))
    )`);
    await q.query(`CREATE INDEX data_exports_user ON data_exports (user_id, requested_at DESC)`);
    await q.query(`CREATE TABLE data_export_parts (
      export_id uuid NOT NULL REFERENCES data_exports (id) ON DELETE CASCADE,
      service text NOT NULL,
      content text NOT NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (export_id, service)
    )`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}, 'review_reminder', 'data_export'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE purpose = 'data_export'`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}, 'review_reminder'))`);
    await q.query(`DROP TABLE data_export_parts`);
    await q.query(`DROP TABLE data_exports`);
  }
}
