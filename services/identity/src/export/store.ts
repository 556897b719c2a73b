import { select, type Queryable } from '../shared/sql';

/** The exports' data-access door: `data_exports`, and what identity holds about one person (its part). */

export interface DataExportRequest {
  id: string;
  userId: string;
  requestedAt: Date;
}

/**
 * Locks the account's row (two requests at once are serialised) and answers when its last export
 * that did not fail was asked for; null: no such account.
 */
export async function lockForExport(db: Queryable, userId: string): Promise<{ lastRequestedAt: Date | null } | null> {
  const [row] = await select<{ last: Date | null }>(
    db,
    `SELECT (SELECT max(requested_at) FROM data_exports WHERE user_id = u.id AND failed_at IS NULL) AS last FROM users u WHERE u.id = $1 FOR UPDATE`,
    [userId],
  );
  return row ? { lastRequestedAt: row.last } : null;
}

export async function insertExport(db: Queryable, e: { userId: string; requestedBy: string | null; reason: string | null }): Promise<DataExportRequest> {
  const [row] = await select<{ id: string; requested_at: Date }>(
    db,
    'INSERT INTO data_exports (user_id, requested_by, reason) VALUES ($1, $2, $3) RETURNING id, requested_at',
    [e.userId, e.requestedBy, e.reason],
  );
  return { id: row!.id, userId: e.userId, requestedAt: row!.requested_at };
}

/** messaging.user.export_failed: the export no longer counts (a redelivery changes nothing). */
export async function markExportFailed(db: Queryable, exportId: string, failedAt: Date): Promise<void> {
  await db.query('UPDATE data_exports SET failed_at = $2 WHERE id = $1 AND failed_at IS NULL', [exportId, failedAt]);
}

/** Rows of one of identity's tables about the person, as JSON, without the columns named in `without`. */
async function rowsOf(db: Queryable, table: string, where: string, userId: string, order: string, without: readonly string[] = []): Promise<unknown[]> {
  const rows = await select<{ row: unknown }>(db, `SELECT to_jsonb(t) - $2::text[] AS row FROM ${table} t WHERE ${where} = $1 ORDER BY ${order}`, [userId, without]);
  return rows.map((r) => r.row);
}

/**
 * Identity's part: the profile (never the password's hash, nor the search keys derived from the
 * name), whether they administer the site, the sign-in history (sessions with their IP and browser;
 * never the refresh tokens), the bans they received with their reasons, every consent, the deletions
 * and exports asked for. Table names are constants, never input.
 */
export async function identityPart(db: Queryable, userId: string): Promise<Record<string, unknown>> {
  const [profile] = await rowsOf(db, 'users', 'id', userId, 'id', ['password_hash', 'search_text', 'name_key']);
  return {
    profile: profile ?? null,
    administrator: (await select(db, 'SELECT 1 FROM admin_roles WHERE user_id = $1', [userId])).length > 0,
    sessions: await rowsOf(db, 'sessions', 'user_id', userId, 'created_at DESC'),
    bans: await rowsOf(db, 'user_bans', 'user_id', userId, 'created_at DESC'),
    consents: await rowsOf(db, 'user_consents', 'user_id', userId, 'given_at DESC'),
    deletionRequests: await rowsOf(db, 'account_deletions', 'user_id', userId, 'requested_at DESC'),
    dataExports: await rowsOf(db, 'data_exports', 'user_id', userId, 'requested_at DESC'),
  };
}
