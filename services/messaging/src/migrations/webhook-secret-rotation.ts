import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A webhook's signing secret can be changed (« Changer le secret »). The secret it replaces keeps
 * signing deliveries beside the new one until `previous_secret_expires_at`, so that an integration
 * switches to the new secret without refusing a delivery meanwhile.
 */
export class WebhookSecretRotation1783000000200 implements MigrationInterface {
  name = 'WebhookSecretRotation1783000000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_subscriptions
      ADD COLUMN previous_secret_ciphertext text,
      ADD COLUMN previous_secret_expires_at timestamptz,
      ADD COLUMN secret_rotated_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE webhook_subscriptions
      DROP COLUMN previous_secret_ciphertext,
      DROP COLUMN previous_secret_expires_at,
      DROP COLUMN secret_rotated_at`);
  }
}
