import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, consent: analytics ties a video view or a PDF download to a person only while their
 * health-data consent is given. `health_data_consents` is the read model of
 * identity.user.consent_changed (kind health_data); a signed-in person's view without it is kept
 * without them: `video_views.unlinked_id` (the event's id) keys it instead of the user (exactly one
 * of user, anonymous visitor, unlinked is set), and `pdf_downloads.user_id` stays null.
 */
export class HealthDataConsents1772200000000 implements MigrationInterface {
  name = 'HealthDataConsents1772200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE health_data_consents (
      user_id uuid PRIMARY KEY,
      given boolean NOT NULL,
      changed_at timestamptz NOT NULL
    )`);
    await q.query(`ALTER TABLE video_views DROP CONSTRAINT video_views_one_viewer, ADD COLUMN unlinked_id uuid,
      ADD CONSTRAINT video_views_one_viewer CHECK (num_nonnulls(user_id, visitor_id, unlinked_id) = 1)`);
    await q.query(`CREATE UNIQUE INDEX video_views_unlinked_once ON video_views (unlinked_id) WHERE unlinked_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM video_views WHERE unlinked_id IS NOT NULL`);
    await q.query(`DROP INDEX video_views_unlinked_once`);
    await q.query(`ALTER TABLE video_views DROP CONSTRAINT video_views_one_viewer, DROP COLUMN unlinked_id,
      ADD CONSTRAINT video_views_one_viewer CHECK (num_nonnulls(user_id, visitor_id) = 1)`);
    await q.query(`DROP TABLE health_data_consents`);
  }
}
