import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * videos.processing_version: the ladder version the pipeline was last asked to build. A request
 * (upload, preview change, retry) takes the next number; its job (id `stream-<id>-v<n>`) builds
 * that version only, so a superseded or repeated job knows it has nothing to do. Rows seeded
 * without one (null) get version 1 from the sweep.
 */
export class MediaPipelineVersion1764000000001 implements MigrationInterface {
  name = 'MediaPipelineVersion1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE videos ADD COLUMN processing_version integer`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE videos DROP COLUMN processing_version`);
  }
}
