import { catalogueError, messages } from '../shared/errors';
import { viewCountable, viewDay } from './rules';
import type { CatalogueDeps } from '../shared/deps';
import { isVisitor, parsePlaybackStart, playbackStartKey, viewerKey } from './playback';
import { isUuid, returning } from '../shared/query-helpers';

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
export async function countVideoView(
  deps: Pick<CatalogueDeps, 'ds' | 'uow' | 'playback'>,
  videoId: string,
  viewer: { userId: string } | { visitorId: string },
  now = new Date(),
): Promise<ViewOutcome> {
  const current = async (): Promise<number | null> => {
    if (!isUuid(videoId)) return null;
    const rows: Array<{ view_count: number }> = await deps.ds.query('SELECT view_count FROM videos WHERE id = $1', [videoId]);
    return rows[0] ? rows[0].view_count : null;
  };
  const start = parsePlaybackStart(await deps.playback.redis.get(playbackStartKey(deps.playback.redisKeyPrefix, viewerKey(viewer), videoId)));
  if (!start || !viewCountable(start.startedAtMs, now.getTime())) {
    const viewCount = await current();
    if (viewCount === null) throw catalogueError('NOT_FOUND', messages.videoNotFound);
    return { counted: false, viewCount };
  }
  const day = viewDay(now);
  const visitor = isVisitor(viewer);
  return deps.uow.run(async ({ manager, emit }) => {
    const inserted = await returning<{ video_id: string }>(
      manager,
      `INSERT INTO ${visitor ? 'visitor_video_views (video_id, visitor_id' : 'video_views (video_id, user_id'}, viewed_on, counted_at)
       SELECT id, $2, $3::date, $4 FROM videos WHERE id = $1
       ON CONFLICT DO NOTHING RETURNING video_id`,
      [videoId, visitor ? viewer.visitorId : viewer.userId, day, now],
    );
    if (!inserted.length) {
      const rows = await returning<{ view_count: number }>(manager, 'SELECT view_count FROM videos WHERE id = $1', [videoId]);
      if (!rows[0]) throw catalogueError('NOT_FOUND', messages.videoNotFound);
      return { counted: false, viewCount: rows[0].view_count };
    }
    const [row] = await returning<{ view_count: number }>(manager, 'UPDATE videos SET view_count = view_count + 1 WHERE id = $1 RETURNING view_count', [videoId]);
    await emit('catalogue.video.viewed', {
      videoId,
      userId: visitor ? null : viewer.userId,
      visitorId: visitor ? viewer.visitorId : null,
      viewedOn: day,
      mode: start.mode,
      occurredAt: now.toISOString(),
    });
    return { counted: true, viewCount: row!.view_count };
  });
}
