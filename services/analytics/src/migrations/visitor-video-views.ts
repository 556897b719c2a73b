import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * catalogue.video.viewed v2 counts a signed-out visitor's free preview too, keyed by their
 * anonymous visitor id: video_views gets visitor_id, user_id may be null (exactly one is set), and
 * the once-per-viewer-video-day key covers both.
 */
export class VisitorVideoViews1772100000000 implements MigrationInterface {
  name = 'VisitorVideoViews1772100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE video_views DROP CONSTRAINT video_views_pkey`);
    await q.query(`ALTER TABLE video_views ALTER COLUMN user_id DROP NOT NULL, ADD COLUMN visitor_id text,
      ADD CONSTRAINT video_views_one_viewer CHECK (num_nonnulls(user_id, visitor_id) = 1)`);
    await q.query(`CREATE UNIQUE INDEX video_views_user_once ON video_views (video_id, user_id, viewed_on) WHERE user_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX video_views_visitor_once ON video_views (video_id, visitor_id, viewed_on) WHERE visitor_id IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM video_views WHERE user_id IS NULL`);
    await q.query(`DROP INDEX video_views_visitor_once`);
    await q.query(`DROP INDEX video_views_user_once`);
    await q.query(`ALTER TABLE video_views DROP CONSTRAINT video_views_one_viewer, DROP COLUMN visitor_id, ALTER COLUMN user_id SET NOT NULL`);
    await q.query(`ALTER TABLE video_views ADD PRIMARY KEY (video_id, user_id, viewed_on)`);
  }
}
