import { settle, type Result } from '@lbf/service-kit';
import { catalogueError, messages } from '../shared/errors';
import { isVisitor, parsePlaybackStart, playbackStartKey, viewerKey, type PlaybackDeps } from './playback';
import { viewCountable, viewDay } from './rules';
import { countView, recordDailyView, viewCountOf } from './store';

export interface ViewOutcome {
  counted: boolean;
  viewCount: number;
}

/**
 * countVideoView: a view counts once per viewer (a user, or a signed-out visitor's anonymous id),
 * video and UTC day, and only once the viewer's playback session of the video has run for 10 s.
 * The row's insert decides (video_views for users, visitor_video_views for visitors; their primary
 * keys make parallel calls count once); when it is new, the count and catalogue.video.viewed
 * commit with it. A visitor's session exists only through startPlayback, which their IP's limits
 * bound, so inventing visitor ids does not invent views.
 */
export function countVideoView(
  deps: PlaybackDeps,
  videoId: string,
  viewer: { userId: string } | { visitorId: string },
  now = new Date(),
): Promise<Result<ViewOutcome>> {
  return settle(async () => {
    const start = parsePlaybackStart(await deps.playback.redis.get(playbackStartKey(deps.playback.redisKeyPrefix, viewerKey(viewer), videoId)));
    if (!start || !viewCountable(start.startedAtMs, now.getTime())) {
      const viewCount = await viewCountOf(deps.ds.manager, videoId);
      if (viewCount === null) throw catalogueError('NOT_FOUND', messages.videoNotFound);
      return { counted: false, viewCount };
    }
    const day = viewDay(now);
    const visitor = isVisitor(viewer);
    return deps.uow.run(async ({ manager, emit }) => {
      if (!(await recordDailyView(manager, videoId, viewer, day, now))) {
        const viewCount = await viewCountOf(manager, videoId);
        if (viewCount === null) throw catalogueError('NOT_FOUND', messages.videoNotFound);
        return { counted: false, viewCount };
      }
      const viewCount = await countView(manager, videoId);
      await emit('catalogue.video.viewed', {
        videoId,
        userId: visitor ? null : viewer.userId,
        visitorId: visitor ? viewer.visitorId : null,
        viewedOn: day,
        mode: start.mode,
        occurredAt: now.toISOString(),
      });
      return { counted: true, viewCount };
    });
  });
}
