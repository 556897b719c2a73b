import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Buyers' names, kept from identity.user.registered beside their e-mails: commerce.purchase.completed
 * carries the name (buyerName) so the catalogue can print it on the buyer's copy of a guide. Null
 * for buyers registered before this migration (the event then goes without a name).
 */
export class BuyerNames1764000000400 implements MigrationInterface {
  name = 'BuyerNames1764000000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE buyers ADD COLUMN first_name text, ADD COLUMN last_name text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE buyers DROP COLUMN first_name, DROP COLUMN last_name`);
  }
}
