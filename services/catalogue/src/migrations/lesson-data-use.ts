import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * lesson_data_use (issue 25 point 3): what a person's lessons downloaded in a calendar month (UTC),
 * one row per person and month, all videos together: no video id, so the figure says how much data
 * was used, not what was watched. Purged after RETENTION.lessonDataMonths, erased with the account.
 * The renditions' bytes need no column: every ladder's hls_renditions and preview_renditions have
 * held each rendition's bytes (segments and init, summed at build) since the pipeline's first version.
 */
export class LessonDataUse1764700000000 implements MigrationInterface {
  name = 'LessonDataUse1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE lesson_data_use (
      user_id uuid NOT NULL,
      month date NOT NULL CHECK (extract(day FROM month) = 1),
      bytes bigint NOT NULL DEFAULT 0 CHECK (bytes >= 0),
      offline_bytes bigint NOT NULL DEFAULT 0 CHECK (offline_bytes >= 0 AND offline_bytes <= bytes),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, month)
    )`);
    await q.query(`CREATE INDEX lesson_data_use_month ON lesson_data_use (month)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lesson_data_use`);
  }
}
