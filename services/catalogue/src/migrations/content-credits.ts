import type { MigrationInterface, QueryRunner } from 'typeorm';

const KEYS_BEFORE = `'site_name', 'site_description', 'site_logo', 'hero_title', 'hero_subtitle', 'contact_email', 'contact_phone', 'social_facebook', 'social_twitter', 'social_instagram', 'legal_name', 'legal_address', 'tax_id'`;

/**
 * Health content people can trust: every article, video and PDF guide names its author (articles
 * already did), its reviewer, and the day its content was last brought up to date (« Par … »,
 * « Relu par … », « Mis à jour le … »), all set by an administrator. Existing rows take the day they
 * went out as that day, and a video its presenter as its author; no reviewer is invented.
 * The words the article editor warns about (claims to cure or treat) are one more setting key.
 */
export class ContentCredits1764500000200 implements MigrationInterface {
  name = 'ContentCredits1764500000200';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['videos', 'pdfs']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN author text CHECK (length(author) BETWEEN 1 AND 120)`);
    }
    for (const table of ['videos', 'pdfs', 'articles']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN reviewer text CHECK (length(reviewer) BETWEEN 1 AND 120), ADD COLUMN content_updated_on date`);
      await q.query(`UPDATE ${table} SET content_updated_on = (COALESCE(published_at, created_at) AT TIME ZONE 'UTC')::date`);
    }
    await q.query(`UPDATE videos SET author = left(presenter_name, 120) WHERE presenter_name <> ''`);
    await q.query(`ALTER TABLE site_settings DROP CONSTRAINT site_settings_key_check`);
    await q.query(`ALTER TABLE site_settings ADD CONSTRAINT site_settings_key_check CHECK (key IN (${KEYS_BEFORE}, 'health_claim_words'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM site_settings WHERE key = 'health_claim_words'`);
    await q.query(`ALTER TABLE site_settings DROP CONSTRAINT site_settings_key_check`);
    await q.query(`ALTER TABLE site_settings ADD CONSTRAINT site_settings_key_check CHECK (key IN (${KEYS_BEFORE}))`);
    for (const table of ['videos', 'pdfs', 'articles']) await q.query(`ALTER TABLE ${table} DROP COLUMN reviewer, DROP COLUMN content_updated_on`);
    for (const table of ['videos', 'pdfs']) await q.query(`ALTER TABLE ${table} DROP COLUMN author`);
  }
}
