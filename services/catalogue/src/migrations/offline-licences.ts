import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * offline_licences: the key of a bought lesson handed to a person's browser for an offline copy
 * (issue 25 point 2), one row per copy (each device keeps its own), with its expiry (renewed while the phone is
 * online), the hash of the secret its renewal presents, and why it stopped being renewed.
 * offline_banned_users: who is banned now (identity.user.banned / unbanned), read at renewal.
 */
export class OfflineLicences1782000000300 implements MigrationInterface {
  name = 'OfflineLicences1782000000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE offline_licences (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL,
      video_id uuid NOT NULL REFERENCES videos (id) ON DELETE CASCADE,
      secret_hash bytea NOT NULL,
      hls_version integer NOT NULL,
      granted_at timestamptz NOT NULL DEFAULT now(),
      renewed_at timestamptz NOT NULL DEFAULT now(),
      renewals integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      revoked_reason text CHECK (revoked_reason IN ('refunded', 'banned'))
    )`);
    await q.query(`CREATE INDEX offline_licences_user ON offline_licences (user_id)`);
    await q.query(`CREATE TABLE offline_banned_users (
      user_id uuid PRIMARY KEY,
      banned_at timestamptz NOT NULL
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE offline_banned_users`);
    await q.query(`DROP TABLE offline_licences`);
  }
}
