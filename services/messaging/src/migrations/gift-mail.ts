import type { MigrationInterface, QueryRunner } from 'typeorm';

// Every purpose before this migration (DataExports, 1781000000100, added the last one).
const PURPOSES = `'password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement', 'contact_reply', 'newsletter_confirmation', 'newsletter_campaign',
  'newsletter_test', 'account_deletion', 'review_reminder', 'data_export'`;

/** « Offrir » (issue 26 point 3): one more mail purpose, a gift's claim link to its recipient (commerce.gift.sent). */
export class GiftMail1782000000100 implements MigrationInterface {
  name = 'GiftMail1782000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}, 'gift_received'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE purpose = 'gift_received'`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}))`);
  }
}
