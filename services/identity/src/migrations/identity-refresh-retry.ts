import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A refresh answered but never received (a phone's connection dropped, the page was left mid-way)
 * may be asked again for a short while (domain/refresh.ts, REFRESH_RETRY_WINDOW_MS):
 * - `parent_id`: the token a token was exchanged for, so the store can tell whether the answer of
 *   that exchange was ever used;
 * - `superseded_at`: a token issued by an exchange that was asked again and answered anew; it was
 *   never received by the person, so presenting it later is reuse.
 */
export class IdentityRefreshRetry1766000000000 implements MigrationInterface {
  name = 'IdentityRefreshRetry1766000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE refresh_tokens
      ADD COLUMN parent_id uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL,
      ADD COLUMN superseded_at timestamptz`);
    await q.query(`CREATE INDEX refresh_tokens_parent ON refresh_tokens (parent_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX refresh_tokens_parent`);
    await q.query(`ALTER TABLE refresh_tokens DROP COLUMN superseded_at, DROP COLUMN parent_id`);
  }
}
