import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A service's part of a data export may come in several pieces (`<service>.user.export_part_ready`
 * v2): one row per piece, with how many make the part. Rows already there were whole parts.
 */
export class ExportPartPieces1783000000100 implements MigrationInterface {
  name = 'ExportPartPieces1783000000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE data_export_parts
      ADD COLUMN piece int NOT NULL DEFAULT 1,
      ADD COLUMN pieces int NOT NULL DEFAULT 1,
      ADD CONSTRAINT data_export_parts_piece CHECK (piece BETWEEN 1 AND pieces),
      DROP CONSTRAINT data_export_parts_pkey,
      ADD PRIMARY KEY (export_id, service, piece)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM data_export_parts WHERE piece > 1`);
    await q.query(`ALTER TABLE data_export_parts DROP CONSTRAINT data_export_parts_pkey, DROP CONSTRAINT data_export_parts_piece,
      DROP COLUMN piece, DROP COLUMN pieces, ADD PRIMARY KEY (export_id, service)`);
  }
}
