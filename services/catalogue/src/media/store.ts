import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Bucket } from '../shared/buckets';
import { toRecord, type Video } from '../shared/records';
import type { PendingUpload } from './records';
import { insertRow, queryRows, type Row } from '@lbf/service-kit';

/*
 * The media room's one door to the database: pending uploads, the public images' check, and the
 * streaming build's writes on `videos` (guarded by the version, so a superseded build never
 * overwrites a newer one), `video_keys` and the processing alert. SQL through the EntityManager,
 * rows turned into records by shared/records.ts.
 */
type Manager = Pick<EntityManager, 'query'>;

// Pending uploads

export async function insertPendingUpload(manager: Manager, columns: Partial<PendingUpload>): Promise<PendingUpload> {
  const insert = insertRow('pending_uploads', columns);
  const [row] = await queryRows<Row>(manager, insert.sql, insert.params);
  return toRecord<PendingUpload>(row!);
}

export async function pendingUploadById(manager: Manager, id: string): Promise<PendingUpload | null> {
  const [row] = await queryRows<Row>(manager, 'SELECT * FROM pending_uploads WHERE id = $1', [id]);
  return row ? toRecord<PendingUpload>(row) : null;
}

export async function deletePendingUpload(manager: Manager, id: string): Promise<void> {
  await manager.query('DELETE FROM pending_uploads WHERE id = $1', [id]);
}

/** Whether an object is still waiting for its upload. */
export async function isPendingObjectRow(manager: Manager, bucket: string, key: string): Promise<boolean> {
  const rows: unknown[] = await manager.query('SELECT 1 FROM pending_uploads WHERE bucket = $1 AND object_key = $2 AND expires_at > now()', [bucket, key]);
  return rows.length > 0;
}

/** Takes the uploads' rows (an item uses them now); the ids actually taken. */
export async function takePendingUploads(manager: Manager, ids: string[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(manager, 'DELETE FROM pending_uploads WHERE id = ANY($1::uuid[]) RETURNING id', [ids]);
  return new Set(rows.map((r) => r.id));
}

/** A batch of expired uploads, locked (SKIP LOCKED: several instances never fight over one). */
export function lockExpiredUploads(manager: Manager, batch: number): Promise<Array<{ id: string; bucket: Bucket; object_key: string }>> {
  return manager.query(
    'SELECT id, bucket, object_key FROM pending_uploads WHERE expires_at <= now() ORDER BY expires_at LIMIT $1 FOR UPDATE SKIP LOCKED',
    [batch],
  );
}

export async function deletePendingUploads(manager: Manager, ids: string[]): Promise<void> {
  await manager.query('DELETE FROM pending_uploads WHERE id = ANY($1::uuid[])', [ids]);
}

// Public images

/** Whether a published item shows this image (the same images anyone gets a URL for from the public queries). */
export async function isPublicImageRow(manager: Manager, bucket: Bucket, key: string): Promise<boolean> {
  const rows: Array<{ ok: boolean }> =
    bucket === 'videos'
      ? await manager.query(
          `SELECT EXISTS (SELECT 1 FROM videos WHERE published_at IS NOT NULL AND (thumbnail_key = $1 OR presenter_photo_key = $1)) AS ok`,
          [key],
        )
      : await manager.query(
          `SELECT EXISTS (SELECT 1 FROM pdfs WHERE published_at IS NOT NULL AND illustration_key = $1)
               OR EXISTS (SELECT 1 FROM articles WHERE status = 'published' AND image_key = $1) AS ok`,
          [key],
        );
  return rows[0]?.ok === true;
}

// The streaming build

export async function videoRow(manager: Manager, videoId: string): Promise<Video | null> {
  const [row] = await queryRows<Row>(manager, 'SELECT * FROM videos WHERE id = $1', [videoId]);
  return row ? toRecord<Video>(row) : null;
}

/** The version a row asks for, given one (1 after the last built) when it has none (demo seed rows); null: no row. */
export async function wantedVersion(manager: Manager, videoId: string): Promise<number | null> {
  const rows = await queryRows<{ processing_version: number }>(
    manager,
    `UPDATE videos SET processing_version = COALESCE(processing_version, COALESCE(hls_version, 0) + 1) WHERE id = $1 RETURNING processing_version`,
    [videoId],
  );
  return rows[0]?.processing_version ?? null;
}

/** Videos waiting or processing whose row has not moved for `stillForMs` (the sweep's). */
export async function staleBuilds(manager: Manager, stillForMs: number): Promise<string[]> {
  const rows = (await manager.query(
    `SELECT id FROM videos WHERE processing_state IN ('pending', 'processing')
       AND (processing_updated_at IS NULL OR processing_updated_at < now() - make_interval(secs => $1))
     ORDER BY processing_updated_at NULLS FIRST LIMIT 100`,
    [stillForMs / 1000],
  )) as Array<{ id: string }>;
  return rows.map((r) => r.id);
}

/** The build's progress, when the row is still this version's (false otherwise). */
export async function writeBuildProgress(manager: Manager, videoId: string, version: number, percent: number): Promise<boolean> {
  const rows = await queryRows(
    manager,
    `UPDATE videos SET processing_state = 'processing', processing_progress = $3, processing_error = NULL, processing_updated_at = now()
     WHERE id = $1 AND processing_version = $2 AND processing_state IN ('pending', 'processing', 'failed') RETURNING id`,
    [videoId, version, percent],
  );
  return rows.length > 0;
}

export async function setDurationIfMissing(manager: Manager, videoId: string, seconds: number): Promise<void> {
  await manager.query('UPDATE videos SET duration_seconds = $2 WHERE id = $1 AND duration_seconds IS NULL', [videoId, seconds]);
}

/** Sets the thumbnail unless the video has one (or is gone): true when set. */
export async function setThumbnailIfMissing(manager: Manager, videoId: string, key: string): Promise<boolean> {
  const set = await queryRows(manager, 'UPDATE videos SET thumbnail_key = $2 WHERE id = $1 AND thumbnail_key IS NULL RETURNING id', [videoId, key]);
  return set.length > 0;
}

/** The video's AES-128 key, made on its first build and kept for every later one; null when the video is gone. */
export async function ensureVideoKey(manager: Manager, videoId: string): Promise<Buffer | null> {
  try {
    await manager.query('INSERT INTO video_keys (video_id, key) VALUES ($1, $2) ON CONFLICT (video_id) DO NOTHING', [videoId, randomBytes(16)]);
  } catch (err) {
    // Deleted meanwhile: the foreign key refuses the row.
    if ((err as { code?: string }).code === '23503') return null;
    throw err;
  }
  const [row] = (await manager.query('SELECT key FROM video_keys WHERE video_id = $1', [videoId])) as Array<{ key: Buffer }>;
  return row?.key ?? null;
}

export interface BuildRow {
  hls_version: number | null;
  processing_version: number | null;
  published_at: Date | null;
}

/** The video's row locked for the switch (undefined: gone). */
export async function lockBuildRow(manager: Manager, videoId: string): Promise<BuildRow | undefined> {
  const [row] = await manager.query('SELECT hls_version, processing_version, published_at FROM videos WHERE id = $1 FOR UPDATE', [videoId]);
  return row as BuildRow | undefined;
}

/** Serves ladder `version` (ready, 100 %), published from now on if it was not: the row's title and price for the event. */
export async function switchToVersion(
  manager: Manager,
  videoId: string,
  version: number,
  ladder: { renditions: unknown; previewRenditions: unknown; previewSeconds: number | null },
): Promise<{ title: string; priceCents: number }> {
  const [updated] = await queryRows<{ title: string; price_cents: number }>(
    manager,
    `UPDATE videos SET hls_version = $2, hls_renditions = $3::jsonb, preview_renditions = $4::jsonb, hls_preview_seconds = $5,
       processing_state = 'ready', processing_progress = 100, processing_error = NULL, processing_updated_at = now(),
       published_at = COALESCE(published_at, now())
     WHERE id = $1 RETURNING id, title, price_cents`,
    [videoId, version, JSON.stringify(ladder.renditions), JSON.stringify(ladder.previewRenditions), ladder.previewSeconds],
  );
  return { title: updated!.title, priceCents: Number(updated!.price_cents) };
}

/** Records a final failure of `version`, unless a newer build or ladder took over: true when recorded. */
export async function markBuildFailed(manager: Manager, videoId: string, version: number, reason: string): Promise<boolean> {
  const failed = await queryRows(
    manager,
    `UPDATE videos SET processing_state = 'failed', processing_error = $3, processing_updated_at = now()
     WHERE id = $1 AND processing_version = $2 AND (hls_version IS NULL OR hls_version < $2) RETURNING id`,
    [videoId, version, reason],
  );
  return failed.length > 0;
}

/** Opens the video's alert if it is failed and none is open: its title when opened now. */
export async function openProcessingAlert(manager: Manager, videoId: string): Promise<string | null> {
  const rows = await queryRows<{ title: string; at: Date }>(
    manager,
    `UPDATE videos SET processing_alert_at = now()
      WHERE id = $1 AND processing_state = 'failed' AND processing_alert_at IS NULL RETURNING title, processing_alert_at AS at`,
    [videoId],
  );
  return rows[0]?.title ?? null;
}

/** Closes the video's alert if one is open: true when closed now. */
export async function closeProcessingAlert(manager: Manager, videoId: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(manager, `UPDATE videos SET processing_alert_at = NULL WHERE id = $1 AND processing_alert_at IS NOT NULL RETURNING id`, [videoId]);
  return rows.length > 0;
}
