import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the user's ban state last changed (identity.user.banned's bannedAt, identity.user.unbanned's
 * unbannedAt). Ban and unban arrive on separate durables, so a late redelivery of an older one must
 * not undo a newer one: an event older than this is ignored. Null: never banned nor unbanned here.
 */
export class UsersBanChangedAt1764100000100 implements MigrationInterface {
  name = 'UsersBanChangedAt1764100000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN ban_changed_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN ban_changed_at`);
  }
}
