import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * videos.processing_alert_at: since when the video's failed processing is on the back-office bell
 * (operations/admin-alerts.ts); null when no alert is open.
 */
export class ProcessingAlerts1764000000500 implements MigrationInterface {
  name = 'ProcessingAlerts1764000000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE videos ADD COLUMN processing_alert_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE videos DROP COLUMN processing_alert_at`);
  }
}
