import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seller's legal identity a receipt names (raison sociale, address, NIU), kept from
 * catalogue.settings.updated beside the site's name and contact. Null: not set, or not announced yet.
 */
export class SiteSettingsLegal1764300000200 implements MigrationInterface {
  name = 'SiteSettingsLegal1764300000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE site_settings ADD COLUMN legal_name text, ADD COLUMN legal_address text, ADD COLUMN tax_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE site_settings DROP COLUMN legal_name, DROP COLUMN legal_address, DROP COLUMN tax_id`);
  }
}
