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
  const rows: Array<{ video_id: string; position_seconds: number; updated_at: Date }> = await manager.query(
    'SELECT video_id, position_seconds, updated_at FROM watch_progress WHERE user_id = $1 AND video_id = ANY($2::uuid[])',
    [userId, ids],
  );
  return new Map(rows.map((r) => [r.video_id, { positionSeconds: Number(r.position_seconds), updatedAt: r.updated_at }]));
}

/** Keeps the user's position in the video (one row per user and video). */
export async function storeProgress(manager: Pick<EntityManager, 'query'>, userId: string, videoId: string, position: number): Promise<SavedProgress> {
  const [row] = await queryRows<{ position_seconds: number; updated_at: Date }>(
    manager,
    `INSERT INTO watch_progress (user_id, video_id, position_seconds, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id, video_id) DO UPDATE SET position_seconds = EXCLUDED.position_seconds, updated_at = EXCLUDED.updated_at
     RETURNING position_seconds, updated_at`,
    [userId, videoId, position],
  );
  return { positionSeconds: Number(row!.position_seconds), updatedAt: row!.updated_at };
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
