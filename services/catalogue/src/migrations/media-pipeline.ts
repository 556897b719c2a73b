import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Streaming and delivery (issue 8):
 * - videos: where each video is in the pipeline, the ladder version being served (its files live
 *   under `hls/<video id>/v<version>/` in the videos bucket, switched by one UPDATE), the ladder's
 *   and the preview's renditions as built, and the administrator's preview length. Videos existing
 *   before this migration start PENDING so the pipeline picks them up.
 * - video_keys: one AES-128 key per video, never leaves the server except through the key route.
 * - watch_progress: a viewer's place in a video (resume, dashboard progress).
 * - video_views: one row per viewer, video and UTC day; the row's insert decides whether a view counts.
 * - stamped_pdfs: a buyer's stamped copy of a guide, one per order, kept in the pdfs bucket.
 */
export class MediaPipeline1764000000000 implements MigrationInterface {
  name = 'MediaPipeline1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE videos
      ADD COLUMN processing_state text NOT NULL DEFAULT 'pending' CHECK (processing_state IN ('pending', 'processing', 'ready', 'failed')),
      ADD COLUMN processing_progress smallint NOT NULL DEFAULT 0 CHECK (processing_progress BETWEEN 0 AND 100),
      ADD COLUMN processing_error text,
      ADD COLUMN processing_updated_at timestamptz,
      ADD COLUMN hls_version integer,
      ADD COLUMN hls_renditions jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN preview_renditions jsonb NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN hls_preview_seconds integer,
      ADD COLUMN preview_seconds integer NOT NULL DEFAULT 60 CHECK (preview_seconds BETWEEN 10 AND 600)`);
    await q.query(`CREATE INDEX videos_processing_open ON videos (processing_updated_at) WHERE processing_state IN ('pending', 'processing')`);
    await q.query(`CREATE TABLE video_keys (
      video_id uuid PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
      key bytea NOT NULL CHECK (octet_length(key) = 16),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE watch_progress (
      user_id uuid NOT NULL,
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      position_seconds real NOT NULL CHECK (position_seconds >= 0),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, video_id)
    )`);
    await q.query(`CREATE TABLE video_views (
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      viewed_on date NOT NULL,
      counted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (video_id, user_id, viewed_on)
    )`);
    await q.query(`CREATE TABLE stamped_pdfs (
      order_id uuid PRIMARY KEY,
      pdf_id uuid NOT NULL REFERENCES pdfs (id) ON DELETE CASCADE,
      user_id uuid NOT NULL,
      object_key text NOT NULL,
      size bigint NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX stamped_pdfs_pdf ON stamped_pdfs (pdf_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stamped_pdfs`);
    await q.query(`DROP TABLE video_views`);
    await q.query(`DROP TABLE watch_progress`);
    await q.query(`DROP TABLE video_keys`);
    await q.query(`DROP INDEX videos_processing_open`);
    await q.query(`ALTER TABLE videos DROP COLUMN processing_state, DROP COLUMN processing_progress, DROP COLUMN processing_error,
      DROP COLUMN processing_updated_at, DROP COLUMN hls_version, DROP COLUMN hls_renditions, DROP COLUMN preview_renditions,
      DROP COLUMN hls_preview_seconds, DROP COLUMN preview_seconds`);
  }
}
