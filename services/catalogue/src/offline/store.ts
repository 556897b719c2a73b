import { queryRows } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import type { RevokedReason } from './rules';

/** The offline room's one door: offline_licences and offline_banned_users. */

type Db = Pick<EntityManager, 'query'>;

export interface LicenceRow {
  id: string;
  userId: string;
  videoId: string;
  secretHash: Buffer;
  expiresAt: Date;
  revokedReason: RevokedReason | null;
}

const COLUMNS = `id, user_id AS "userId", video_id AS "videoId", secret_hash AS "secretHash", expires_at AS "expiresAt", revoked_reason AS "revokedReason"`;

/** A new licence: one per copy (a second device's copy has its own, so neither undoes the other). */
export async function insertLicence(
  db: Db,
  l: { userId: string; videoId: string; secretHash: Buffer; hlsVersion: number; expiresAt: Date; now: Date },
): Promise<LicenceRow> {
  const [row] = await queryRows<LicenceRow>(
    db,
    `INSERT INTO offline_licences (user_id, video_id, secret_hash, hls_version, granted_at, renewed_at, expires_at)
     VALUES ($1, $2, $3, $4, $6, $6, $5)
     RETURNING ${COLUMNS}`,
    [l.userId, l.videoId, l.secretHash, l.hlsVersion, l.expiresAt, l.now],
  );
  return row!;
}

export async function licenceById(db: Db, id: string): Promise<LicenceRow | null> {
  const [row] = await queryRows<LicenceRow>(db, `SELECT ${COLUMNS} FROM offline_licences WHERE id = $1`, [id]);
  return row ?? null;
}

export async function renewLicence(db: Db, id: string, expiresAt: Date, now: Date): Promise<void> {
  await db.query('UPDATE offline_licences SET expires_at = $2, renewed_at = $3, renewals = renewals + 1 WHERE id = $1 AND revoked_at IS NULL', [id, expiresAt, now]);
}

/** Records why a licence is no longer renewed (the first reason stays). */
export async function revokeLicence(db: Db, id: string, reason: RevokedReason, now: Date): Promise<void> {
  await db.query('UPDATE offline_licences SET revoked_at = $3, revoked_reason = $2 WHERE id = $1 AND revoked_at IS NULL', [id, reason, now]);
}

export async function isBanned(db: Db, userId: string): Promise<boolean> {
  return (await queryRows(db, 'SELECT 1 FROM offline_banned_users WHERE user_id = $1', [userId])).length > 0;
}

/** identity.user.banned: the person's licences are refused at their next renewal. */
export async function recordBan(db: Db, userId: string, bannedAt: Date): Promise<void> {
  await db.query(
    `INSERT INTO offline_banned_users (user_id, banned_at) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET banned_at = GREATEST(offline_banned_users.banned_at, EXCLUDED.banned_at)`,
    [userId, bannedAt],
  );
}

/** identity.user.unbanned: a ban lifted after it (an older unban changes nothing). */
export async function liftBan(db: Db, userId: string, unbannedAt: Date): Promise<void> {
  await db.query('DELETE FROM offline_banned_users WHERE user_id = $1 AND banned_at <= $2', [userId, unbannedAt]);
}

/** Account deletion: the person's licences and ban record. */
export async function deleteOfflineOf(db: Db, userId: string): Promise<number> {
  const rows = await queryRows(db, 'DELETE FROM offline_licences WHERE user_id = $1 RETURNING 1', [userId]);
  await db.query('DELETE FROM offline_banned_users WHERE user_id = $1', [userId]);
  return rows.length;
}

/** Data export: the person's licences, without their secret. */
export function offlineLicencesOf(db: Db, userId: string): Promise<Record<string, unknown>[]> {
  return queryRows(
    db,
    `SELECT l.video_id AS "videoId", v.title, l.granted_at AS "grantedAt", l.renewed_at AS "renewedAt", l.renewals, l.expires_at AS "expiresAt",
            l.revoked_at AS "revokedAt", l.revoked_reason AS "revokedReason"
     FROM offline_licences l JOIN videos v ON v.id = l.video_id WHERE l.user_id = $1 ORDER BY l.granted_at`,
    [userId],
  );
}
