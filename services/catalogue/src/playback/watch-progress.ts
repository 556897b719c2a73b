import { ok, type BaseContext, type Result } from '@lbf/service-kit';
import type { EntityManager } from 'typeorm';
import { ownsItem } from '../entitlements';
import type { Video } from '../shared/records';
import { findVideo } from '../items';
import { Batcher, perRequest } from '../shared/batch';
import type { CatalogueDeps } from '../shared/deps';
import { messages, refused } from '../shared/errors';
import { clampPosition, progressView, type ProgressView } from './rules';
import { progressAmong, storeProgress, type SavedProgress } from './store';

export interface WatchProgressView extends ProgressView {
  updatedAt: string;
}

export function watchProgressView(saved: SavedProgress, durationSeconds: number | null): WatchProgressView {
  return { ...progressView(saved.positionSeconds, durationSeconds), updatedAt: saved.updatedAt.toISOString() };
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
 * keeps a position; the preview has nothing to resume. Clamped to the video's duration. Kept only
 * with the viewer's health-data consent (health-consents.ts): without it the answer is no progress
 * and no error, so the player goes on and nothing is kept.
 */
export async function saveWatchProgress(
  deps: Pick<CatalogueDeps, 'ds'>,
  videoId: string,
  viewer: { userId: string; admin: boolean },
  positionSeconds: number,
): Promise<Result<WatchProgressView | null>> {
  const video = await findVideo(deps, videoId);
  if (!video) return refused('NOT_FOUND', messages.videoNotFound);
  if (!viewer.admin && !(await ownsItem(deps.ds, viewer.userId, video.id))) return refused('NOT_PURCHASED', messages.videoNotPurchased);
  const position = clampPosition(positionSeconds, video.durationSeconds);
  if (position === null) return refused('VALIDATION', messages.invalidPosition, 'positionSeconds');
  const saved = await storeProgress(deps.ds, viewer.userId, video.id, position);
  return ok(saved ? watchProgressView(saved, video.durationSeconds) : null);
}
