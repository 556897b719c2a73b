import type { BaseContext } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { clampPosition, progressView, type ProgressView } from './rules';
import { catalogueError, messages } from '../shared/errors';
import type { Video } from '../entities';
import { Batcher, perRequest } from '../shared/batch';
import type { CatalogueDeps } from '../shared/deps';
import { ownsItem } from '../entitlements/entitlements';
import { returning, isUuid } from '../shared/query-helpers';
import { findVideo } from '../items/videos';

export interface SavedProgress {
  positionSeconds: number;
  updatedAt: Date;
}

export interface WatchProgressView extends ProgressView {
  updatedAt: string;
}

export function watchProgressView(saved: SavedProgress, durationSeconds: number | null): WatchProgressView {
  return { ...progressView(saved.positionSeconds, durationSeconds), updatedAt: saved.updatedAt.toISOString() };
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

export async function savedProgress(manager: Pick<EntityManager, 'query'>, userId: string, videoId: string): Promise<SavedProgress | null> {
  return (await progressAmong(manager, userId, [videoId])).get(videoId) ?? null;
}

/** Video.watchProgress: the viewer's positions for every video of a request in one statement (null for visitors). */
export function watchProgressLoaders(deps: Pick<CatalogueDeps, 'ds'>): (ctx: BaseContext) => Batcher<string, SavedProgress | null> | null {
  return perRequest((c) => {
    const userId = (c as BaseContext).auth?.userId ?? null;
    return userId ? new Batcher<string, SavedProgress | null>((ids) => progressAmong(deps.ds, userId, ids), null) : null;
  }) as (ctx: BaseContext) => Batcher<string, SavedProgress | null> | null;
}

/** The field resolver: the viewer's place in `video`, or null (visitor, never played). */
export async function viewerWatchProgress(
  loaders: (ctx: BaseContext) => Batcher<string, SavedProgress | null> | null,
  video: Video,
  ctx: BaseContext,
): Promise<WatchProgressView | null> {
  const saved = await loaders(ctx)?.load(video.id);
  return saved ? watchProgressView(saved, video.durationSeconds) : null;
}

/**
 * saveWatchProgress: only a viewer who may watch the whole video (a buyer or an administrator)
 * keeps a position; the preview has nothing to resume. Clamped to the video's duration.
 */
export async function saveWatchProgress(
  deps: Pick<CatalogueDeps, 'ds'>,
  videoId: string,
  viewer: { userId: string; admin: boolean },
  positionSeconds: number,
): Promise<WatchProgressView> {
  const video = await findVideo(deps, videoId);
  if (!video) throw catalogueError('NOT_FOUND', messages.videoNotFound);
  if (!viewer.admin && !(await ownsItem(deps.ds, viewer.userId, video.id))) throw catalogueError('NOT_PURCHASED', messages.videoNotPurchased);
  const position = clampPosition(positionSeconds, video.durationSeconds);
  if (position === null) throw catalogueError('VALIDATION', messages.invalidPosition, 'positionSeconds');
  const [row] = await returning<{ position_seconds: number; updated_at: Date }>(
    deps.ds,
    `INSERT INTO watch_progress (user_id, video_id, position_seconds, updated_at) VALUES ($1, $2, $3, now())
     ON CONFLICT (user_id, video_id) DO UPDATE SET position_seconds = EXCLUDED.position_seconds, updated_at = EXCLUDED.updated_at
     RETURNING position_seconds, updated_at`,
    [viewer.userId, video.id, position],
  );
  return watchProgressView({ positionSeconds: Number(row!.position_seconds), updatedAt: row!.updated_at }, video.durationSeconds);
}
