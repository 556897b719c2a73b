import { modify, select, type Queryable } from '../shared/sql';
import { toUser, USER_COLUMNS, type User, type UserRow } from '../shared/user';

/** The bans' data-access door: user_bans, and the user and administrators a ban concerns. */

export async function lockUser(db: Queryable, userId: string): Promise<User | null> {
  const [row] = await select<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = $1 FOR UPDATE`, [userId]);
  return row ? toUser(row) : null;
}


export async function hasActiveBan(db: Queryable, userId: string): Promise<boolean> {
  return (await select(db, 'SELECT 1 FROM user_bans WHERE user_id = $1 AND is_active', [userId])).length > 0;
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
