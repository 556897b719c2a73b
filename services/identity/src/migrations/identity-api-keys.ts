import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 24, the integrators' API keys: only the SHA-256 of the secret is kept (hex, unique: the
 * lookup), with its first characters to recognise it; scopes are checked by the code (the kit's
 * API_SCOPES); last_used_at is written when the gateway exchanges the key (at most once a minute).
 */
export class IdentityApiKeys1782000000000 implements MigrationInterface {
  name = 'IdentityApiKeys1782000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE api_keys (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
      prefix text NOT NULL,
      secret_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL,
      cost_per_minute int NOT NULL CHECK (cost_per_minute > 0),
      expires_at timestamptz NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users (id) ON DELETE SET NULL,
      last_used_at timestamptz
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE api_keys');
  }
}
