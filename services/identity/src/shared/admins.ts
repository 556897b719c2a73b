import { select, type Queryable } from './sql';

/** pg_advisory_xact_lock key that serialises bans and deletions of accounts ('ban' in ASCII). */
const ADMIN_GUARD_LOCK_KEY = 0x62616e;

/**
 * Bans and account deletions are taken one at a time (they are rare): two administrators banning or
 * deleting each other at once cannot both succeed, so the site is never left without one.
 */
export async function lockAdminGuard(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [ADMIN_GUARD_LOCK_KEY]);
}

/**
 * False when the user is an administrator and no other would be left: one not banned and not on
 * their way out (a pending deletion). Call it under lockAdminGuard. An administrator is made only
 * from the command line, never the web.
 */
export async function anotherAdminStays(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await select<{ ok: boolean }>(
    db,
    `SELECT NOT EXISTS (SELECT 1 FROM admin_roles WHERE user_id = $1)
         OR EXISTS (SELECT 1 FROM admin_roles r
                     WHERE r.user_id <> $1
                       AND NOT EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = r.user_id AND b.is_active)
                       AND NOT EXISTS (SELECT 1 FROM account_deletions d WHERE d.user_id = r.user_id AND d.cancelled_at IS NULL AND d.completed_at IS NULL)) AS ok`,
    [userId],
  );
  return row!.ok;
}
