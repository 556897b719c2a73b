import { modify, select, type Queryable } from '../shared/sql';

/**
 * The deletions' data-access door: `account_deletions` (one row per request, kept after the erasure
 * with ids and times only), and the erasure of an account's own rows.
 */

/** A deletion asked for and not yet carried out. */
export interface PendingDeletion {
  userId: string;
  requestedAt: Date;
  scheduledFor: Date;
  /** The administrator who asked on the person's behalf; null when the person asked. */
  requestedBy: string | null;
}

/** A request neither cancelled nor carried out (at most one per user: a partial unique index). */
const PENDING = 'cancelled_at IS NULL AND completed_at IS NULL';

interface PendingRow {
  user_id: string;
  requested_at: Date;
  scheduled_for: Date;
  requested_by: string | null;
}

const toPending = (r: PendingRow): PendingDeletion => ({ userId: r.user_id, requestedAt: r.requested_at, scheduledFor: r.scheduled_for, requestedBy: r.requested_by });

/** The pending deletions of these users (the loader of User.pendingDeletion), one statement. */
export async function pendingDeletions(db: Queryable, userIds: readonly string[]): Promise<Map<string, PendingDeletion>> {
  const rows = await select<PendingRow>(db, `SELECT user_id, requested_at, scheduled_for, requested_by FROM account_deletions WHERE ${PENDING} AND user_id = ANY($1::uuid[])`, [
    userIds,
  ]);
  return new Map(rows.map((r) => [r.user_id, toPending(r)]));
}

/** What a deletion request checks the password against, with the address its attempts are counted on; null when the account is gone. */
export async function credentialsOf(db: Queryable, userId: string): Promise<{ email: string; passwordHash: string } | null> {
  const [row] = await select<{ email: string; password_hash: string }>(db, 'SELECT email, password_hash FROM users WHERE id = $1', [userId]);
  return row ? { email: row.email, passwordHash: row.password_hash } : null;
}

/** Locks the account's row for the transaction; false when there is no such account. */
export async function lockAccount(db: Queryable, userId: string): Promise<boolean> {
  return (await select(db, 'SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])).length > 0;
}

/** A new pending deletion; null when one is pending already (the first request stands, with its date). */
export async function insertDeletion(
  db: Queryable,
  d: { userId: string; requestedAt: Date; scheduledFor: Date; requestedBy: string | null; reason: string | null },
): Promise<PendingDeletion | null> {
  const [row] = await select<PendingRow>(
    db,
    `INSERT INTO account_deletions (user_id, requested_at, scheduled_for, requested_by, reason) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (user_id) WHERE ${PENDING} DO NOTHING
     RETURNING user_id, requested_at, scheduled_for, requested_by`,
    [d.userId, d.requestedAt, d.scheduledFor, d.requestedBy, d.reason],
  );
  return row ? toPending(row) : null;
}

/** The pending deletion is cancelled; its cancellation time, or null when none was pending. */
export async function cancelPending(db: Queryable, userId: string): Promise<Date | null> {
  const { rows } = await modify<{ cancelled_at: Date }>(db, `UPDATE account_deletions SET cancelled_at = now() WHERE user_id = $1 AND ${PENDING} RETURNING cancelled_at`, [
    userId,
  ]);
  return rows[0]?.cancelled_at ?? null;
}

/**
 * One deletion whose grace period is over, locked for this transaction (SKIP LOCKED: replicas of the
 * job take different ones, and a deletion being carried out is not taken twice), other than those this
 * pass `passed` already; null when none is due.
 */
export async function claimDueDeletion(db: Queryable, now: Date, passed: readonly string[]): Promise<{ id: string; userId: string } | null> {
  const [row] = await select<{ id: string; user_id: string }>(
    db,
    `SELECT id, user_id FROM account_deletions WHERE ${PENDING} AND scheduled_for <= $1 AND id <> ALL($2::uuid[])
     ORDER BY scheduled_for, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
    [now, passed],
  );
  return row ? { id: row.id, userId: row.user_id } : null;
}

/** The request carried out; its completion time. */
export async function markCompleted(db: Queryable, id: string): Promise<Date> {
  const { rows } = await modify<{ completed_at: Date }>(db, 'UPDATE account_deletions SET completed_at = now() WHERE id = $1 RETURNING completed_at', [id]);
  return rows[0]!.completed_at;
}

/**
 * Identity's outbox forgets the person's own events (registered, with their e-mail, name and phone;
 * banned, with its reason; deletion requested), sent or not: an event about someone erased never
 * leaves. Events about others that merely name them (a ban they gave) are left to the kit's
 * forgetEventsAbout, which deletes them only once sent.
 */
export async function forgetOwnEvents(db: Queryable, userId: string): Promise<number> {
  return (await modify(db, `DELETE FROM outbox WHERE envelope->'data'->>'userId' = $1`, [userId])).count;
}

/**
 * Identity's own rows about the person: the sign-in history (sessions, with their IP and browser, and
 * their refresh tokens), reset links, bans they received (their reasons), the admin role, the purchase
 * totals read model, then the account itself (profile, e-mail, phone, password hash). Bans they gave
 * as an administrator stay, naming no one (banned_by / lifted_by become null by their foreign keys).
 */
export async function eraseAccountRows(db: Queryable, userId: string): Promise<Record<string, number>> {
  const count = async (sql: string) => (await modify(db, sql, [userId])).count;
  return {
    refreshTokens: await count('DELETE FROM refresh_tokens WHERE session_id IN (SELECT id FROM sessions WHERE user_id = $1)'),
    sessions: await count('DELETE FROM sessions WHERE user_id = $1'),
    passwordResets: await count('DELETE FROM password_resets WHERE user_id = $1'),
    bans: await count('DELETE FROM user_bans WHERE user_id = $1'),
    adminRoles: await count('DELETE FROM admin_roles WHERE user_id = $1'),
    dataExports: await count('DELETE FROM data_exports WHERE user_id = $1'),
    purchaseTotals: await count('DELETE FROM user_purchase_totals WHERE user_id = $1'),
    users: await count('DELETE FROM users WHERE id = $1'),
  };
}
