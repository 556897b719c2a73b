import { modify, select, type Queryable } from '../shared/sql';
import { CAPTCHA_MAX_ATTEMPTS } from './rules';

/** The captchas' data-access door: the captchas table (the answer never leaves it but through checks). */

export async function insertCaptcha(db: Queryable, answer: string, expiresAt: Date): Promise<string> {
  const [row] = await select<{ id: string }>(db, 'INSERT INTO captchas (answer, expires_at) VALUES ($1, $2) RETURNING id', [answer, expiresAt]);
  return row!.id;
}

/** Counts a live check and gives the answer back, or null when the captcha is spent, expired or tried too often. */
export async function countCheck(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await modify<{ answer: string }>(
    db,
    `UPDATE captchas SET attempts = attempts + 1
      WHERE id = $1 AND used_at IS NULL AND expires_at > now() AND attempts < $2
      RETURNING answer`,
    [id, CAPTCHA_MAX_ATTEMPTS],
  );
  return rows[0]?.answer ?? null;
}

export interface LockedCaptcha {
  answer: string;
  expiresAt: Date;
  attempts: number;
  usedAt: Date | null;
}

export async function lockCaptcha(db: Queryable, id: string): Promise<LockedCaptcha | null> {
  const [row] = await select<{ answer: string; expires_at: Date; attempts: number; used_at: Date | null }>(
    db,
    'SELECT answer, expires_at, attempts, used_at FROM captchas WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row ? { answer: row.answer, expiresAt: row.expires_at, attempts: row.attempts, usedAt: row.used_at } : null;
}

/** One more attempt; spent (used_at) when it was the right answer. */
export async function recordAttempt(db: Queryable, id: string, right: boolean): Promise<void> {
  await db.query(`UPDATE captchas SET attempts = attempts + 1, used_at = CASE WHEN $2 THEN now() ELSE used_at END WHERE id = $1`, [id, right]);
}
