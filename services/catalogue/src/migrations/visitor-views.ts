import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * visitor_video_views: a signed-out visitor's free-preview views, one row per anonymous visitor id,
 * video and UTC day (video_views keeps the signed-in viewers', keyed by their user id); the row's
 * insert decides whether a view counts.
 */
export class VisitorViews1764400000000 implements MigrationInterface {
  name = 'VisitorViews1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE visitor_video_views (
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      visitor_id text NOT NULL,
      viewed_on date NOT NULL,
      counted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, visitor_id, viewed_on)
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE visitor_video_views`);
  }
}
