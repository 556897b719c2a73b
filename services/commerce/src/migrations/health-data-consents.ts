import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, consent: `health_data_consents`, commerce's read model of identity.user.consent_changed
 * (kind health_data). What a person buys on a health site reveals their health concerns, so a
 * checkout needs that consent: seen here, or asserted by the request itself (feeds/, checkout/).
 */
export class HealthDataConsents1764000001000 implements MigrationInterface {
  name = 'HealthDataConsents1764000001000';

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
