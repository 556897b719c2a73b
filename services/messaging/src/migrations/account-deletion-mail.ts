import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The mail telling a person that their account's deletion was asked for (issue 23): one more purpose. */
export class AccountDeletionMail1780000000100 implements MigrationInterface {
  name = 'AccountDeletionMail1780000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN ('password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement',
        'contact_reply', 'newsletter_confirmation', 'newsletter_campaign', 'newsletter_test', 'account_deletion'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM mail_deliveries WHERE purpose = 'account_deletion'`);
    await q.query(`ALTER TABLE mail_deliveries DROP CONSTRAINT mail_deliveries_purpose_check,
      ADD CONSTRAINT mail_deliveries_purpose_check CHECK (purpose IN ('password_reset', 'welcome', 'purchase_receipt', 'contact_acknowledgement',
        'contact_reply', 'newsletter_confirmation', 'newsletter_campaign', 'newsletter_test'))`);
  }
}
