import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The administrators' journal (issue 23 §6): one row per `<service>.admin.action_recorded` event,
 * keyed by the event's id, append-only.
 *
 * - A trigger refuses every UPDATE, every TRUNCATE and every DELETE but the retention purge's:
 *   `purge_admin_journal(keep_days, batch)` deletes rows older than `keep_days` (never fewer than
 *   ADMIN_JOURNAL_MIN_DAYS: the function refuses less) with a transaction-local flag the trigger
 *   checks, and the trigger itself lets no row younger than that minimum go, flag or not.
 * - The service's role owns its schema (it runs its own migrations, `deploy/postgres-init.sql`), so
 *   no grant can bind it for good: the owner may grant itself back what it revoked, or drop the
 *   trigger. What is practical is done: the role revokes its own UPDATE and TRUNCATE on the table,
 *   so an ordinary statement fails on privileges before the trigger, and keeps DELETE for the purge,
 *   which the trigger guards. An operator who wants the journal out of the service's reach gives the
 *   table and the purge function to another role (ALTER … OWNER TO, GRANT SELECT, INSERT and EXECUTE
 *   to the service's role, the function SECURITY DEFINER): nothing in the code changes.
 */
export const ADMIN_JOURNAL_MIN_DAYS = 365;

export class AdminJournal1773000000000 implements MigrationInterface {
  name = 'AdminJournal1773000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE admin_journal (
      id uuid PRIMARY KEY,
      occurred_at timestamptz NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      service text NOT NULL,
      action text NOT NULL,
      origin text NOT NULL CHECK (origin IN ('back-office', 'command-line')),
      actor_id uuid,
      actor_name text,
      actor_email text,
      ip text,
      user_agent text,
      target_type text NOT NULL,
      target_id text NOT NULL,
      target_label text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      search_text text NOT NULL
    )`);
    await q.query(`CREATE INDEX admin_journal_newest ON admin_journal (occurred_at DESC, id DESC)`);
    await q.query(`CREATE INDEX admin_journal_actor ON admin_journal (actor_id, occurred_at DESC)`);
    await q.query(`CREATE INDEX admin_journal_action ON admin_journal (action, occurred_at DESC)`);
    await q.query(`CREATE INDEX admin_journal_target ON admin_journal (target_type, target_id)`);
    await q.query(`CREATE FUNCTION admin_journal_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          IF current_setting('lbf.admin_journal_purge', true) = 'on' AND OLD.occurred_at < now() - make_interval(days => ${ADMIN_JOURNAL_MIN_DAYS}) THEN
            RETURN OLD;
          END IF;
        END IF;
        RAISE EXCEPTION 'admin_journal is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await q.query(`CREATE TRIGGER admin_journal_append_only BEFORE UPDATE OR DELETE ON admin_journal
      FOR EACH ROW EXECUTE FUNCTION admin_journal_append_only()`);
    await q.query(`CREATE TRIGGER admin_journal_no_truncate BEFORE TRUNCATE ON admin_journal
      FOR EACH STATEMENT EXECUTE FUNCTION admin_journal_append_only()`);
    await q.query(`CREATE FUNCTION purge_admin_journal(keep_days integer, batch integer) RETURNS integer LANGUAGE plpgsql AS $$
      DECLARE gone integer;
      BEGIN
        IF keep_days IS NULL OR keep_days < ${ADMIN_JOURNAL_MIN_DAYS} THEN
          RAISE EXCEPTION 'the administrators'' journal is kept at least % days', ${ADMIN_JOURNAL_MIN_DAYS};
        END IF;
        PERFORM set_config('lbf.admin_journal_purge', 'on', true);
        DELETE FROM admin_journal WHERE id IN (
          SELECT id FROM admin_journal WHERE occurred_at < now() - make_interval(days => keep_days) ORDER BY occurred_at LIMIT batch);
        GET DIAGNOSTICS gone = ROW_COUNT;
        PERFORM set_config('lbf.admin_journal_purge', 'off', true);
        RETURN gone;
      END $$`);
    // The function finds the table in this schema whatever the caller's search_path.
    await q.query(`ALTER FUNCTION purge_admin_journal(integer, integer) SET search_path FROM CURRENT`);
    await q.query(`REVOKE UPDATE, TRUNCATE ON admin_journal FROM CURRENT_USER`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE admin_journal`);
    await q.query(`DROP FUNCTION purge_admin_journal(integer, integer)`);
    await q.query(`DROP FUNCTION admin_journal_append_only()`);
  }
}
