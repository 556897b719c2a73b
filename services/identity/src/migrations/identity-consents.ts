import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 23, consent: `user_consents`, each person's consent history, append-only. A row is a
 * consent given (kind terms | privacy | health_data, the document's version, when, where: sign-up |
 * account | purchase); withdrawing it sets its `withdrawn_at` once, and giving it again is a new
 * row. At most one live (not withdrawn) row per person and kind. A trigger refuses any other
 * change of a row (a version, a date rewritten, a withdrawal undone); rows go only with their
 * account (ON DELETE CASCADE, the account's erasure).
 */
export class IdentityConsents1767000000000 implements MigrationInterface {
  name = 'IdentityConsents1767000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE user_consents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('terms', 'privacy', 'health_data')),
      version text NOT NULL,
      given_at timestamptz NOT NULL,
      withdrawn_at timestamptz,
      source text NOT NULL CHECK (source IN ('sign-up', 'account', 'purchase')),
      CONSTRAINT user_consents_withdrawn_after CHECK (withdrawn_at IS NULL OR withdrawn_at >= given_at)
    )`);
    await q.query(`CREATE UNIQUE INDEX user_consents_one_live ON user_consents (user_id, kind) WHERE withdrawn_at IS NULL`);
    await q.query(`CREATE INDEX user_consents_user ON user_consents (user_id, given_at DESC)`);
    await q.query(`CREATE FUNCTION user_consents_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.withdrawn_at IS NOT NULL OR NEW.withdrawn_at IS NULL
           OR (NEW.id, NEW.user_id, NEW.kind, NEW.version, NEW.given_at, NEW.source) IS DISTINCT FROM (OLD.id, OLD.user_id, OLD.kind, OLD.version, OLD.given_at, OLD.source) THEN
          RAISE EXCEPTION 'user_consents is append-only: a consent can only be withdrawn, once';
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER user_consents_append_only BEFORE UPDATE ON user_consents FOR EACH ROW EXECUTE FUNCTION user_consents_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_consents`);
    await q.query(`DROP FUNCTION user_consents_append_only()`);
  }
}
