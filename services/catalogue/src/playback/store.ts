import type { EntityManager } from 'typeorm';
import { queryRows } from '@lbf/service-kit';
import { isUuid } from '../shared/query-helpers';

/*
 * The playback room's one door to the database: video keys, watch progress, the daily views and
 * their counter, and buyers' stamped copies. Statements through the EntityManager (upserts and
 * counters TypeORM's repositories cannot say as one statement).
 */

/** A video's AES-128 key (16 bytes), or null. */
export async function videoKeyOf(manager: Pick<EntityManager, 'query'>, videoId: string): Promise<Buffer | null> {
  const rows: Array<{ key: Buffer }> = await manager.query('SELECT key FROM video_keys WHERE video_id = $1', [videoId]);
  const key = rows[0]?.key;
  return key && key.length === 16 ? key : null;
}

export interface SavedProgress {
  positionSeconds: number;
  updatedAt: Date;
}

/** The user's saved positions among `videoIds`: one statement whatever their number. */
export async function progressAmong(manager: Pick<EntityManager, 'query'>, userId: string, videoIds: string[]): Promise<Map<string, SavedProgress>> {
  const ids = videoIds.filter(isUuid);
  if (!ids.length || !isUuid(userId)) return new Map();
  // Shown only while the health-data consent is given (a withdrawal being applied erases the rows).
  const rows: Array<{ video_id: string; position_seconds: number; updated_at: Date }> = await manager.query(
    `SELECT wp.video_id, wp.position_seconds, wp.updated_at FROM watch_progress wp
       JOIN health_data_consents c ON c.user_id = wp.user_id AND c.given
      WHERE wp.user_id = $1 AND wp.video_id = ANY($2::uuid[])`,
    [userId, ids],
  );
  return new Map(rows.map((r) => [r.video_id, { positionSeconds: Number(r.position_seconds), updatedAt: r.updated_at }]));
}

/**
 * Keeps the user's position in the video (one row per user and video) when their health-data
 * consent is given; null otherwise, nothing kept. The consent's row is read FOR SHARE in the same
 * statement: a withdrawal being applied waits for this insert and then erases it, or this insert
 * waits for the withdrawal and then finds no consent, so no position outlives a withdrawal.
 */
export async function storeProgress(manager: Pick<EntityManager, 'query'>, userId: string, videoId: string, position: number): Promise<SavedProgress | null> {
  const [row] = await queryRows<{ position_seconds: number; updated_at: Date }>(
    manager,
    `WITH consent AS (SELECT 1 FROM health_data_consents WHERE user_id = $1 AND given FOR SHARE)
     INSERT INTO watch_progress (user_id, video_id, position_seconds, updated_at) SELECT $1, $2, $3, now() FROM consent
     ON CONFLICT (user_id, video_id) DO UPDATE SET position_seconds = EXCLUDED.position_seconds, updated_at = EXCLUDED.updated_at
     RETURNING position_seconds, updated_at`,
    [userId, videoId, position],
  );
  return row ? { positionSeconds: Number(row.position_seconds), updatedAt: row.updated_at } : null;
}

/** identity.user.consent_changed (health_data): true when it is newer than what the read model holds, and applied. */
export async function applyHealthConsent(manager: Pick<EntityManager, 'query'>, userId: string, given: boolean, changedAt: Date): Promise<boolean> {
  const rows = await queryRows(
    manager,
    `INSERT INTO health_data_consents (user_id, given, changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET given = EXCLUDED.given, changed_at = EXCLUDED.changed_at
     WHERE health_data_consents.changed_at <= EXCLUDED.changed_at
     RETURNING user_id`,
    [userId, given, changedAt],
  );
  return rows.length > 0;
}

/** The consent withdrawn: every position the person had is erased. */
export async function eraseProgressOf(manager: Pick<EntityManager, 'query'>, userId: string): Promise<void> {
  await manager.query('DELETE FROM watch_progress WHERE user_id = $1', [userId]);
}

/** The video's view count (null: no such video). */
export async function viewCountOf(manager: Pick<EntityManager, 'query'>, videoId: string): Promise<number | null> {
  if (!isUuid(videoId)) return null;
  const rows = await queryRows<{ view_count: number }>(manager, 'SELECT view_count FROM videos WHERE id = $1', [videoId]);
  return rows[0] ? rows[0].view_count : null;
}

/**
 * The viewer's view of the video on `day`, when it is the first (video_views for users,
 * visitor_video_views for visitors; their primary keys make parallel calls count once): true when new.
 */
export async function recordDailyView(
  manager: Pick<EntityManager, 'query'>,
  videoId: string,
  viewer: { userId: string } | { visitorId: string },
  day: string,
  at: Date,
): Promise<boolean> {
  const visitor = 'visitorId' in viewer;
  const inserted = await queryRows<{ video_id: string }>(
    manager,
    `INSERT INTO ${visitor ? 'visitor_video_views (video_id, visitor_id' : 'video_views (video_id, user_id'}, viewed_on, counted_at)
     SELECT id, $2, $3::date, $4 FROM videos WHERE id = $1
     ON CONFLICT DO NOTHING RETURNING video_id`,
    [videoId, visitor ? viewer.visitorId : viewer.userId, day, at],
  );
  return inserted.length > 0;
}

/** One more view of the video; the new count. */
export async function countView(manager: Pick<EntityManager, 'query'>, videoId: string): Promise<number> {
  const [row] = await queryRows<{ view_count: number }>(manager, 'UPDATE videos SET view_count = view_count + 1 WHERE id = $1 RETURNING view_count', [videoId]);
  return row!.view_count;
}

/** The object key of the order's stamped copy of the guide, when one was made. */
export async function stampedCopyKey(manager: Pick<EntityManager, 'query'>, pdfId: string, orderId: string): Promise<string | null> {
  const rows: Array<{ object_key: string }> = await manager.query(`SELECT object_key FROM stamped_pdfs WHERE order_id = $1 AND pdf_id = $2`, [orderId, pdfId]);
  return rows[0]?.object_key ?? null;
}

/** Holds the order's stamping lock until the transaction ends: other instances wait for the copy. */
export async function lockOrderStamping(manager: Pick<EntityManager, 'query'>, orderId: string): Promise<void> {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended('stamped-pdf:' || $1, 0))`, [orderId]);
}

export async function recordStampedCopy(
  manager: Pick<EntityManager, 'query'>,
  copy: { orderId: string; pdfId: string; userId: string; key: string; size: number },
): Promise<void> {
  await manager.query(
    `INSERT INTO stamped_pdfs (order_id, pdf_id, user_id, object_key, size) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (order_id) DO UPDATE SET object_key = EXCLUDED.object_key, size = EXCLUDED.size, created_at = now()`,
    [copy.orderId, copy.pdfId, copy.userId, copy.key, copy.size],
  );
}

/**
 * A deleted account's playback (issue 23): the rows of their stamped copies (the objects, whose keys
 * are returned, carry their name and e-mail and are the caller's to delete), their watch progress and
 * their views of the day (the videos keep their view counts).
 */
export async function deletePlaybackOf(
  manager: Pick<EntityManager, 'query'>,
  userId: string,
): Promise<{ stampedKeys: string[]; watchProgress: number; videoViews: number; lessonDataMonths: number }> {
  const stamped = await queryRows<{ object_key: string }>(manager, 'DELETE FROM stamped_pdfs WHERE user_id = $1 RETURNING object_key', [userId]);
  const progress = await queryRows(manager, 'DELETE FROM watch_progress WHERE user_id = $1 RETURNING 1', [userId]);
  const views = await queryRows(manager, 'DELETE FROM video_views WHERE user_id = $1 RETURNING 1', [userId]);
  const data = await queryRows(manager, 'DELETE FROM lesson_data_use WHERE user_id = $1 RETURNING 1', [userId]);
  return { stampedKeys: stamped.map((r) => r.object_key), watchProgress: progress.length, videoViews: views.length, lessonDataMonths: data.length };
}

/** A person's lesson data in a month (first day, YYYY-MM-01). */
export interface LessonDataRow {
  month: string;
  bytes: number;
  offlineBytes: number;
}

/**
 * Adds a report to the person's month, in one statement: the month's total never passes `cap`
 * (what is past it is dropped), and offline bytes never pass the total.
 */
export async function addLessonData(
  manager: Pick<EntityManager, 'query'>,
  report: { userId: string; month: string; bytes: number; offline: boolean; cap: number },
): Promise<LessonDataRow> {
  const [row] = await queryRows<{ month: string; bytes: string; offline_bytes: string }>(
    manager,
    `INSERT INTO lesson_data_use AS d (user_id, month, bytes, offline_bytes)
     VALUES ($1, $2::date, LEAST($3::bigint, $5::bigint), CASE WHEN $4 THEN LEAST($3::bigint, $5::bigint) ELSE 0 END)
     ON CONFLICT (user_id, month) DO UPDATE SET
       bytes = LEAST(d.bytes + $3::bigint, $5::bigint),
       offline_bytes = CASE WHEN $4 THEN d.offline_bytes + LEAST($3::bigint, $5::bigint - d.bytes) ELSE d.offline_bytes END,
       updated_at = now()
     RETURNING to_char(month, 'YYYY-MM-DD') AS month, bytes, offline_bytes`,
    [report.userId, report.month, report.bytes, report.offline, report.cap],
  );
  return { month: row!.month, bytes: Number(row!.bytes), offlineBytes: Number(row!.offline_bytes) };
}

export async function lessonDataOf(manager: Pick<EntityManager, 'query'>, userId: string, month: string): Promise<LessonDataRow> {
  const [row] = await queryRows<{ bytes: string; offline_bytes: string }>(
    manager,
    'SELECT bytes, offline_bytes FROM lesson_data_use WHERE user_id = $1 AND month = $2::date',
    [userId, month],
  );
  return { month, bytes: Number(row?.bytes ?? 0), offlineBytes: Number(row?.offline_bytes ?? 0) };
}

/** Months before `firstKept` (YYYY-MM-01) go (the retention job). */
export async function purgeLessonData(manager: Pick<EntityManager, 'query'>, firstKept: string): Promise<number> {
  return (await queryRows(manager, 'DELETE FROM lesson_data_use WHERE month < $1::date RETURNING 1', [firstKept])).length;
}
