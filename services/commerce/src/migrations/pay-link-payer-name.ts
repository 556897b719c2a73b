import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * « Payer pour moi », the requester told who paid (issue 26 point 2): the payer's first name when
 * they gave it on the link's page, kept with the attempt beside their e-mail (both optional).
 */
export class PayLinkPayerName1782000000200 implements MigrationInterface {
  name = 'PayLinkPayerName1782000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempts ADD COLUMN payer_name text CHECK (char_length(payer_name) BETWEEN 1 AND 60)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE payment_attempts DROP COLUMN payer_name`);
  }
}
