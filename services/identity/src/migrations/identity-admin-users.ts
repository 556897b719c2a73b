import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The key users are searched and sorted by: NFD, combining marks removed, lower case, œ/æ spelt out,
 * runs of blanks as one space ("Éloïse  Cœur" → "eloise coeur"). Frozen here as the migration wrote it;
 * operations/admin-users.ts applies the same expression to the search text (searchKeySql).
 */
const key = (expr: string) =>
  `regexp_replace(replace(replace(lower(regexp_replace(normalize(${expr}, NFD), '[\\u0300-\\u036f\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]', '', 'g')), 'œ', 'oe'), 'æ', 'ae'), '\\s+', ' ', 'g')`;

/**
 * Issue 10, the administrators' users table:
 * - `users.search_text` ("first last email") and `users.name_key` ("first last"), generated columns
 *   (Postgres keeps them on every insert and update, and fills them for existing rows here) so that
 *   the search ignores case and accents and NAME sorts the way a French reader expects. No trigram
 *   index: the service role cannot create pg_trgm, and a scan of a few thousand users is fast.
 * - `user_bans.lifted_at / lifted_by / lift_reason`: an unban keeps the ban row as history and
 *   records who lifted it, when and why.
 * - `user_purchase_totals`: identity's read model of commerce's purchases (completed +1 / refunded -1),
 *   used only to sort by PURCHASES / TOTAL_SPENT and for the CSV export.
 */
export class IdentityAdminUsers1765000000000 implements MigrationInterface {
  name = 'IdentityAdminUsers1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users
      ADD COLUMN search_text text GENERATED ALWAYS AS (${key(`first_name || ' ' || last_name || ' ' || email`)}) STORED,
      ADD COLUMN name_key text GENERATED ALWAYS AS (${key(`first_name || ' ' || last_name`)}) STORED`);

    await q.query(`ALTER TABLE user_bans
      ADD COLUMN lifted_at timestamptz,
      ADD COLUMN lifted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN lift_reason text,
      ADD CONSTRAINT user_bans_lifted_inactive CHECK (lifted_at IS NULL OR NOT is_active)`);

    await q.query(`CREATE TABLE user_purchase_totals (
      user_id uuid PRIMARY KEY,
      purchase_count int NOT NULL DEFAULT 0,
      total_xaf bigint NOT NULL DEFAULT 0,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE user_purchase_totals`);
    await q.query(`ALTER TABLE user_bans DROP CONSTRAINT user_bans_lifted_inactive, DROP COLUMN lift_reason, DROP COLUMN lifted_by, DROP COLUMN lifted_at`);
    await q.query(`ALTER TABLE users DROP COLUMN name_key, DROP COLUMN search_text`);
  }
}
