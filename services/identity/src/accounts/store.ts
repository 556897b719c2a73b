import { select, type Queryable } from '../shared/sql';
import { toUser, USER_COLUMNS, type ActiveBan, type User, type UserRow, type UserWithPassword } from '../shared/user';

/** The accounts' data-access door: users, admin roles, password resets (raw SQL, as everywhere in identity). */

export async function emailTaken(db: Queryable, email: string): Promise<boolean> {
  return (await select(db, 'SELECT 1 FROM users WHERE email = $1', [email])).length > 0;
}

export async function userByEmail(db: Queryable, email: string): Promise<UserWithPassword | null> {
  const [row] = await select<UserRow & { password_hash: string }>(db, `SELECT ${USER_COLUMNS}, u.password_hash FROM users u WHERE u.email = $1`, [email]);
  return row ? { ...toUser(row), passwordHash: row.password_hash } : null;
}

export async function insertUser(db: Queryable, user: UserWithPassword): Promise<void> {
  await db.query('INSERT INTO users (id, email, first_name, last_name, phone, password_hash, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    user.id,
    user.email,
    user.firstName,
    user.lastName,
    user.phone,
    user.passwordHash,
    user.createdAt,
  ]);
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
}

export async function usersByIds(db: Queryable, ids: string[]): Promise<User[]> {
  return (await select<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.id = ANY($1::uuid[])`, [ids])).map(toUser);
}

export async function adminIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const rows = await select<{ user_id: string }>(db, 'SELECT DISTINCT user_id FROM admin_roles WHERE user_id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.user_id));
}

export async function bannedIds(db: Queryable, ids: string[]): Promise<Set<string>> {
  const rows = await select<{ user_id: string }>(db, 'SELECT DISTINCT user_id FROM user_bans WHERE is_active AND user_id = ANY($1::uuid[])', [ids]);
  return new Set(rows.map((r) => r.user_id));
}

export async function activeBans(db: Queryable, ids: string[]): Promise<Map<string, ActiveBan>> {
  const rows = await select<{ user_id: string; reason: string; created_at: Date; banned_by: string | null }>(
    db,
    'SELECT user_id, reason, created_at, banned_by FROM user_bans WHERE is_active AND user_id = ANY($1::uuid[])',
    [ids],
  );
  return new Map(rows.map((r) => [r.user_id, { reason: r.reason, bannedAt: r.created_at, bannedBy: r.banned_by }]));
}

/** The reset links of a live token: `used_at IS NULL AND expires_at > now()`. */
const LIVE_RESET = 'used_at IS NULL AND expires_at > now()';

export async function insertPasswordReset(db: Queryable, tokenHash: string, userId: string, expiresAt: Date): Promise<void> {
  await db.query('INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [tokenHash, userId, expiresAt]);
}

export async function liveResetExists(db: Queryable, tokenHash: string): Promise<boolean> {
  return (await select(db, `SELECT 1 FROM password_resets WHERE token_hash = $1 AND ${LIVE_RESET}`, [tokenHash])).length > 0;
}

/** The live reset of this token, locked; its user's id. */
export async function lockLiveReset(db: Queryable, tokenHash: string): Promise<{ id: string; userId: string } | null> {
  const [row] = await select<{ id: string; user_id: string }>(db, `SELECT id, user_id FROM password_resets WHERE token_hash = $1 AND ${LIVE_RESET} FOR UPDATE`, [
    tokenHash,
  ]);
  return row ? { id: row.id, userId: row.user_id } : null;
}

/** This link and any other outstanding one for the account are spent. */
export async function spendPasswordResets(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = now() WHERE user_id = $1 AND used_at IS NULL', [userId]);
}

/** Serialises the admin command's runs for one e-mail (two seeds at once): the second sees the first's user. */
export async function lockEmail(db: Queryable, email: string): Promise<void> {
  await db.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`identity:create-admin:${email}`]);
}

/** True when this call granted the role (false when they had it already). */
export async function grantAdmin(db: Queryable, userId: string): Promise<boolean> {
  const rows = await select(db, "INSERT INTO admin_roles (user_id, role) VALUES ($1, 'admin') ON CONFLICT DO NOTHING RETURNING user_id", [userId]);
  return rows.length > 0;
}

export async function hasAdminRole(db: Queryable, userId: string): Promise<boolean> {
  return (await select(db, 'SELECT 1 FROM admin_roles WHERE user_id = $1', [userId])).length > 0;
}
