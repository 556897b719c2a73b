import { modify, select, type Queryable } from '../shared/sql';
import { toUser, USER_COLUMNS, type User, type UserRow } from '../shared/user';

/** The bans' data-access door: user_bans, and the user and administrators a ban concerns. */

/** pg_advisory_xact_lock key that serialises bans ('ban' in ASCII). */
const BAN_LOCK_KEY = 0x62616e;

/** Bans are taken one at a time (they are rare): two administrators banning each other at once cannot both succeed. */
export async function lockBans(db: Queryable): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock($1)', [BAN_LOCK_KEY]);
}

export async function lockUser(db: Queryable, userId: string): Promise<User | null> {
  const [row] = await select<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 FOR UPDATE`, [userId]);
  return row ? toUser(row) : null;
}


export async function hasActiveBan(db: Queryable, userId: string): Promise<boolean> {
  return (await select(db, 'SELECT 1 FROM user_bans WHERE user_id = $1 AND is_active', [userId])).length > 0;
}

/**
 * False when the user is an administrator and no other administrator would be left unbanned: the
 * last one is never banned (an administrator is made only from the command line, never the web).
 */
export async function anotherActiveAdmin(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await select<{ ok: boolean }>(
    db,
    `SELECT NOT EXISTS (SELECT 1 FROM admin_roles WHERE user_id = $1)
         OR EXISTS (SELECT 1 FROM admin_roles r
                     WHERE r.user_id <> $1
                       AND NOT EXISTS (SELECT 1 FROM user_bans b WHERE b.user_id = r.user_id AND b.is_active)) AS ok`,
    [userId],
  );
  return row!.ok;
}

/** The ban's row; its creation instant. */
export async function insertBan(db: Queryable, userId: string, bannedBy: string, reason: string): Promise<Date> {
  const [ban] = await select<{ created_at: Date }>(db, 'INSERT INTO user_bans (user_id, banned_by, reason) VALUES ($1, $2, $3) RETURNING created_at', [
    userId,
    bannedBy,
    reason,
  ]);
  return ban!.created_at;
}

/** The active ban becomes history (who lifted it, when, why); its lifting instant, or null when there was none. */
export async function liftBan(db: Queryable, userId: string, liftedBy: string, reason: string): Promise<Date | null> {
  const { rows } = await modify<{ lifted_at: Date }>(
    db,
    `UPDATE user_bans SET is_active = false, lifted_at = now(), lifted_by = $2, lift_reason = $3
      WHERE user_id = $1 AND is_active RETURNING lifted_at`,
    [userId, liftedBy, reason],
  );
  return rows[0]?.lifted_at ?? null;
}
