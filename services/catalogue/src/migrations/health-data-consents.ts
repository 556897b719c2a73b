import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, consent: `health_data_consents`, catalogue's read model of identity.user.consent_changed
 * (kind health_data): whether each person lets LBF keep what they watch. Without a row, or with
 * `given` false, no watch progress is kept or shown (playback/health-consents.ts).
 */
export class HealthDataConsents1764600000000 implements MigrationInterface {
  name = 'HealthDataConsents1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE health_data_consents (
      user_id uuid PRIMARY KEY,
      given boolean NOT NULL,
      changed_at timestamptz NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE health_data_consents`);
  }
}
