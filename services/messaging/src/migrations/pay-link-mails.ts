import type { MigrationInterface, QueryRunner } from 'typeorm';

// Every purpose before this migration (GiftMail1782000000100 is the latest to have replaced the CHECK before it).
const PURPOSES = `'password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement', 'contact_reply', 'newsletter_confirmation',
  'newsletter_campaign', 'newsletter_test', 'account_deletion', 'review_reminder', 'data_export', 'gift_received'`;

/**
 * « Payer pour moi » (issue 26 point 2): the requester's notice that someone paid their link
 * (`pay_link_paid`) and the payer's receipt (`pay_link_receipt`), from commerce.purchase.completed.
 */
export class PayLinkMails1782000000201 implements MigrationInterface {
  name = 'PayLinkMails1782000000201';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}, 'pay_link_paid', 'pay_link_receipt'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE purpose IN ('pay_link_paid', 'pay_link_receipt')`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN (${PURPOSES}))`);
  }
}
