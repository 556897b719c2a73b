import type { ConsentKind, ConsentSource } from '@lbf/proto-events';
import { select, type Queryable } from '../shared/sql';

/** The consents' data-access door: `user_consents`, append-only (a row is inserted, then at most withdrawn once). */

export interface ConsentRow {
  kind: ConsentKind;
  version: string;
  given_at: Date;
  withdrawn_at: Date | null;
  source: ConsentSource;
}

const COLUMNS = 'kind, version, given_at, withdrawn_at, source';

/** Serialises the consent changes of one person (two tabs clicking at once): the user row, locked. False when there is no such user. */
export async function lockConsentsOf(db: Queryable, userId: string): Promise<boolean> {
  return (await select(db, 'SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId])).length > 0;
}

/** The person's live (not withdrawn) consent of this kind, or null. */
export async function liveConsent(db: Queryable, userId: string, kind: ConsentKind): Promise<ConsentRow | null> {
  const [row] = await select<ConsentRow>(db, `SELECT ${COLUMNS} FROM user_consents WHERE user_id = $1 AND kind = $2 AND withdrawn_at IS NULL`, [userId, kind]);
  return row ?? null;
}

export async function insertConsent(db: Queryable, userId: string, c: { kind: ConsentKind; version: string; source: ConsentSource; at: Date }): Promise<void> {
  await db.query('INSERT INTO user_consents (user_id, kind, version, given_at, source) VALUES ($1, $2, $3, $4, $5)', [userId, c.kind, c.version, c.at, c.source]);
}

/** Dates the live consent of this kind as withdrawn; the row withdrawn, or null when none was live. */
export async function withdrawConsent(db: Queryable, userId: string, kind: ConsentKind, at: Date): Promise<ConsentRow | null> {
  const [row] = await select<ConsentRow>(
    db,
    `WITH w AS (UPDATE user_consents SET withdrawn_at = $3 WHERE user_id = $1 AND kind = $2 AND withdrawn_at IS NULL RETURNING ${COLUMNS}) SELECT * FROM w`,
    [userId, kind, at],
  );
  return row ?? null;
}

/** These people's whole histories, each newest first. */
export async function consentsAmong(db: Queryable, userIds: string[]): Promise<Map<string, ConsentRow[]>> {
  const rows = await select<ConsentRow & { user_id: string }>(
    db,
    `SELECT user_id, ${COLUMNS} FROM user_consents WHERE user_id = ANY($1::uuid[]) ORDER BY given_at DESC, kind`,
    [userIds],
  );
  const byUser = new Map<string, ConsentRow[]>();
  for (const { user_id, ...row } of rows) byUser.set(user_id, [...(byUser.get(user_id) ?? []), row]);
  return byUser;
}
