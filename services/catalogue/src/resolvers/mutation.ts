import { isAdmin, requireAdmin, requireUser, settle, withUserErrors, type BaseContext, type UserError } from '@lbf/service-kit';
import { createArticle, deleteArticle, setArticlePublished, updateArticle } from '../content/articles';
import type { MutationResolvers } from '../generated/graphql';
import type { CatalogueDeps } from '../shared/deps';
import { createPdf, deletePdf, downloadPdf, updatePdf } from '../items/pdfs';
import { startPlayback, viewerOf, visitorOf, type PlaybackViewer } from '../playback/playback';
import { updateSettings } from '../content/settings';
import { createTestimonial, deleteTestimonial, updateTestimonial } from '../content/testimonials';
import { createUpload } from '../media/uploads';
import { createVideo, deleteVideo, updateVideo } from '../items/videos';
import { retryVideoProcessing } from '../items/video-processing';
import { countVideoView } from '../playback/views';
import { saveWatchProgress } from '../playback/watch-progress';

/** DeleteResult: `ok` is non-null, so a refusal answers `{ ok: false, error }` rather than the kit's null data field. */
async function deleted(run: () => Promise<void>): Promise<{ ok: boolean; error: UserError | null }> {
  const result = await settle(run);
  return { ok: result.ok, error: result.ok ? null : result.error };
}

/**
 * Every mutation but downloadPdf and the playback ones is an administrator's: requireAdmin refuses
 * visitors (401) and customers (403) before anything runs; downloadPdf is also an owner's
 * (NOT_PURCHASED for others); saveWatchProgress is any signed-in viewer's, who gets what their
 * entitlement allows; startPlayback and countVideoView are also a signed-out visitor's, named by
 * their anonymous visitor id (the free preview only, within their and their IP's limits).
 * Operations throw a UserError for a refusal (zod at the edge, not found, bad upload);
 * withUserErrors puts it in the payload's `error` (the kit's idiom).
 */
/**
 * Who plays: the signed-in viewer, else the visitor named by their anonymous id; a caller who is
 * neither gets UNAUTHENTICATED (as before visitors could play), a malformed id a VALIDATION error.
 */
function playbackViewer(ctx: BaseContext, visitorId: string | null | undefined): PlaybackViewer {
  if (ctx.auth) return viewerOf(ctx.auth);
  if (visitorId == null) requireUser(ctx);
  return visitorOf(visitorId, ctx.ip);
}

export function mutationResolvers(deps: CatalogueDeps): MutationResolvers {
  // Args come from the field the wrapped resolver is assigned to (inferred from MutationResolvers).
  const admin =
    <A, R>(fn: (args: A, ctx: BaseContext, adminId: string) => Promise<R>) =>
    (_: unknown, args: A, ctx: BaseContext) => {
      const user = requireAdmin(ctx);
      return fn(args, ctx, user.userId);
    };

  return {
    createUpload: admin((a, _ctx, adminId) => withUserErrors('upload', () => createUpload(deps, adminId, a.input))),
    createVideo: admin((a) => withUserErrors('video', () => createVideo(deps, a.input))),
    updateVideo: admin((a) => withUserErrors('video', () => updateVideo(deps, a.id, a.input))),
    deleteVideo: admin((a) => deleted(() => deleteVideo(deps, a.id))),
    retryVideoProcessing: admin((a) => withUserErrors('video', () => retryVideoProcessing(deps, a.id))),
    createPdf: admin((a) => withUserErrors('pdf', () => createPdf(deps, a.input))),
    updatePdf: admin((a) => withUserErrors('pdf', () => updatePdf(deps, a.id, a.input))),
    deletePdf: admin((a) => deleted(() => deletePdf(deps, a.id))),
    // Administrators and owners (entitlements kept from commerce); visitors are refused before anything runs.
    downloadPdf: async (_, a, ctx) => {
      const user = requireUser(ctx);
      const r = await settle(() => downloadPdf(deps, a.id, { userId: user.userId, admin: isAdmin(ctx) }, a.inline === true));
      return r.ok ? { url: r.value.url, expiresAt: r.value.expiresAt.toISOString(), error: null } : { url: null, expiresAt: null, error: r.error };
    },
    // Signed-in viewers, or a visitor by their anonymous id (the preview only); what they may watch is decided inside.
    startPlayback: (_, a, ctx) => withUserErrors('session', () => startPlayback(deps, a.videoId, playbackViewer(ctx, a.visitorId))),
    saveWatchProgress: (_, a, ctx) => {
      const user = requireUser(ctx);
      return withUserErrors('progress', () => saveWatchProgress(deps, a.videoId, { userId: user.userId, admin: isAdmin(ctx) }, a.positionSeconds));
    },
    countVideoView: async (_, a, ctx) => {
      const r = await settle(() => {
        const viewer = playbackViewer(ctx, a.visitorId);
        return countVideoView(deps, a.videoId, 'visitorId' in viewer ? viewer : { userId: viewer.userId });
      });
      return r.ok ? { ...r.value, error: null } : { counted: false, viewCount: null, error: r.error };
    },
    createArticle: admin((a) => withUserErrors('article', () => createArticle(deps, a.input))),
    updateArticle: admin((a) => withUserErrors('article', () => updateArticle(deps, a.id, a.input))),
    publishArticle: admin((a) => withUserErrors('article', () => setArticlePublished(deps, a.id, true))),
    unpublishArticle: admin((a) => withUserErrors('article', () => setArticlePublished(deps, a.id, false))),
    deleteArticle: admin((a) => deleted(() => deleteArticle(deps, a.id))),
    createTestimonial: admin((a) => withUserErrors('testimonial', () => createTestimonial(deps, a.input))),
    updateTestimonial: admin((a) => withUserErrors('testimonial', () => updateTestimonial(deps, a.id, a.input))),
    deleteTestimonial: admin((a) => deleted(() => deleteTestimonial(deps, a.id))),
    updateSiteSettings: admin((a) => withUserErrors('settings', () => updateSettings(deps, a.input))),
  };
}
