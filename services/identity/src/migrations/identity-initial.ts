import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, roles, bans, sessions with their refresh tokens, captchas and password resets. */
export class IdentityInitial1732000000000 implements MigrationInterface {
  name = 'IdentityInitial1732000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      first_name text NOT NULL,
      last_name text NOT NULL,
      phone text,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT users_email_lowercase CHECK (email = lower(email)),
      CONSTRAINT users_email_unique UNIQUE (email)
    )`);
    await q.query(`CREATE INDEX users_created_at ON users (created_at DESC)`);

    await q.query(`CREATE TABLE admin_roles (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL DEFAULT 'admin',
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, role)
    )`);

    await q.query(`CREATE TABLE user_bans (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      banned_by uuid REFERENCES users (id) ON DELETE SET NULL,
      reason text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Two admins banning the same user at once end with one active ban.
    await q.query(`CREATE UNIQUE INDEX user_bans_one_active ON user_bans (user_id) WHERE is_active`);

    await q.query(`CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoke_reason text,
      user_agent text,
      ip text
    )`);
    await q.query(`CREATE INDEX sessions_user_live ON sessions (user_id) WHERE revoked_at IS NULL`);

    await q.query(`CREATE TABLE refresh_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      used_at timestamptz,
      expires_at timestamptz NOT NULL
    )`);
    await q.query(`CREATE INDEX refresh_tokens_session ON refresh_tokens (session_id)`);
    await q.query(`CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at)`);

    await q.query(`CREATE TABLE captchas (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      answer text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      attempts int NOT NULL DEFAULT 0,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX captchas_expires ON captchas (expires_at)`);

    await q.query(`CREATE TABLE password_resets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX password_resets_user ON password_resets (user_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE password_resets`);
    await q.query(`DROP TABLE captchas`);
    await q.query(`DROP TABLE refresh_tokens`);
    await q.query(`DROP TABLE sessions`);
    await q.query(`DROP TABLE user_bans`);
    await q.query(`DROP TABLE admin_roles`);
    await q.query(`DROP TABLE users`);
  }
}
