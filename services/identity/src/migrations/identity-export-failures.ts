import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An export messaging could not put together (messaging.user.export_failed) is marked failed here,
 * so that it no longer counts in the person's one export a day.
 */
export class IdentityExportFailures1782000000700 implements MigrationInterface {
  name = 'IdentityExportFailures1782000000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_exports ADD COLUMN failed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_exports DROP COLUMN failed_at`);
  }
}
