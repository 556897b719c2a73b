import type { MigrationInterface, QueryRunner } from 'typeorm';

const BEFORE = `'site_name', 'site_description', 'site_logo', 'hero_title', 'hero_subtitle', 'contact_email', 'contact_phone', 'social_facebook', 'social_twitter', 'social_instagram'`;

/**
 * The seller's legal identity a receipt names (raison sociale, address, NIU) becomes three more
 * setting keys: the table's key check learns them (domain/settings.ts lists the same keys).
 */
export class SettingsLegalKeys1764300000100 implements MigrationInterface {
  name = 'SettingsLegalKeys1764300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE site_settings DROP CONSTRAINT site_settings_key_check`);
    await q.query(`ALTER TABLE site_settings ADD CONSTRAINT site_settings_key_check CHECK (key IN (${BEFORE}, 'legal_name', 'legal_address', 'tax_id'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM site_settings WHERE key IN ('legal_name', 'legal_address', 'tax_id')`);
    await q.query(`ALTER TABLE site_settings DROP CONSTRAINT site_settings_key_check`);
    await q.query(`ALTER TABLE site_settings ADD CONSTRAINT site_settings_key_check CHECK (key IN (${BEFORE}))`);
  }
}
