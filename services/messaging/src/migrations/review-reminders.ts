import type { MigrationInterface, QueryRunner } from 'typeorm';

const PURPOSES = `'password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement', 'contact_reply', 'newsletter_confirmation',
  'newsletter_campaign', 'newsletter_test', 'account_deletion'`;

/**
 * Issue 26 point 4: the reminder to review a purchase, 5 days after it. One row per order
 * (commerce.purchase.completed), due at `due_at`; the `remind-reviews` sweep settles it once: mailed,
 * or not (the buyer already reviewed the item, the order was refunded, the address is suppressed,
 * nobody known to mail). A row kept in the database is what makes the reminder survive restarts.
 */
export class ReviewReminders1780000000200 implements MigrationInterface {
  name = 'ReviewReminders1780000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE review_reminders (
      order_id uuid PRIMARY KEY,
      user_id uuid NOT NULL,
      item_id uuid NOT NULL,
      item_type text NOT NULL CHECK (item_type IN ('video', 'pdf')),
      item_title text NOT NULL,
      due_at timestamptz NOT NULL,
      settled_at timestamptz,
      outcome text CHECK (outcome IN ('mailed', 'reviewed', 'refunded', 'suppressed', 'unknown_user')),
      CHECK ((settled_at IS NULL) = (outcome IS NULL))
    )`);
    await q.query(`CREATE INDEX review_reminders_due ON review_reminders (due_at) WHERE settled_at IS NULL`);
    await q.query(`CREATE INDEX review_reminders_user ON review_reminders (user_id, item_id)`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}, 'review_reminder'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE purpose = 'review_reminder'`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}))`);
    await q.query(`DROP TABLE review_reminders`);
  }
}
