import { isAdmin, ok, requireUser, toPayload, type BaseContext, type Result } from '@lbf/service-kit';
import type { MutationResolvers, QueryResolvers, VideoResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { iso } from '../shared/iso';
import { fieldsPayload } from '../shared/payloads';
import { myLessonDataUse, recordLessonData } from './lesson-data';
import { downloadPdf } from './pdf-downloads';
import { startPlayback, viewerOf, visitorOf, type PlaybackDeps, type PlaybackViewer } from './playback';
import { renditionViews } from './rules';
import { countVideoView } from './views';
import { saveWatchProgress, viewerWatchProgress, watchProgressLoaders } from './watch-progress';

/**
 * Who plays: the signed-in viewer, else the visitor named by their anonymous id; a caller who is
 * neither gets UNAUTHENTICATED (as before visitors could play), a malformed id a VALIDATION refusal.
 */
function playbackViewer(ctx: BaseContext, visitorId: string | null | undefined): Result<PlaybackViewer> {
  if (ctx.auth) return ok(viewerOf(ctx.auth));
  if (visitorId == null) requireUser(ctx);
  return visitorOf(visitorId, ctx.ip);
}

/**
 * startPlayback and countVideoView are a signed-in viewer's or a signed-out visitor's (the free
 * preview only, within their and their IP's limits); saveWatchProgress any signed-in viewer's, who
 * gets what their entitlement allows; downloadPdf an administrator's or an owner's (NOT_PURCHASED
 * for others), visitors being refused before anything runs; recordLessonData and myLessonDataUse
 * a signed-in viewer's own month.
 */
export function playbackResolvers(deps: CatalogueDeps & PlaybackDeps): { Query: QueryResolvers; Mutation: MutationResolvers; Video: VideoResolvers } {
  const progress = watchProgressLoaders(deps);
  return {
    Query: {
      // Each person reads their own month only: the id comes from the access token, never an argument.
      myLessonDataUse: (_, __, ctx) => myLessonDataUse(deps, requireUser(ctx).userId),
    },
    Mutation: {
      recordLessonData: async (_, a, ctx) => {
        const user = requireUser(ctx);
        return toPayload('use', await recordLessonData(deps, user.userId, { videoId: a.videoId, bytes: a.bytes, offline: a.offline === true }));
      },
      startPlayback: async (_, a, ctx) => {
        const viewer = playbackViewer(ctx, a.visitorId);
        return toPayload('session', viewer.ok ? await startPlayback(deps, a.videoId, viewer.value) : viewer);
      },
      saveWatchProgress: async (_, a, ctx) => {
        const user = requireUser(ctx);
        return toPayload('progress', await saveWatchProgress(deps, a.videoId, { userId: user.userId, admin: isAdmin(ctx) }, a.positionSeconds));
      },
      countVideoView: async (_, a, ctx) => {
        const viewer = playbackViewer(ctx, a.visitorId);
        const counted = viewer.ok ? await countVideoView(deps, a.videoId, 'visitorId' in viewer.value ? viewer.value : { userId: viewer.value.userId }) : viewer;
        return fieldsPayload(counted, { counted: false, viewCount: null });
      },
      downloadPdf: async (_, a, ctx) => {
        const user = requireUser(ctx);
        const link = await downloadPdf(deps, a.id, { userId: user.userId, admin: isAdmin(ctx) }, a.inline === true);
        return fieldsPayload(link.ok ? ok({ url: link.value.url, expiresAt: iso(link.value.expiresAt) }) : link, { url: null, expiresAt: null });
      },
    },
    Video: {
      hasPreview: (v) => v.hlsVersion !== null && v.previewRenditions.length > 0,
      renditions: (v) => (v.hlsVersion === null ? [] : renditionViews(v.hlsRenditions)),
      // One statement per request for all the videos of a page.
      watchProgress: (v, _, ctx) => viewerWatchProgress(progress, v, ctx),
    },
  };
}
