import { adminOnly, isAdmin, requireUser, toPayload, type BaseContext } from '@lbf/service-kit';
import type { Ownership } from '../entitlements';
import type { MutationResolvers, PdfResolvers, PresenterResolvers, QueryResolvers, VideoResolvers } from '../generated/graphql';
import { CONTENT_CATEGORY_LABELS } from '../shared/categories';
import type { CatalogueDeps } from '../shared/deps';
import { iso } from '../shared/iso';
import { deletePayload } from '../shared/payloads';
import { safeFileNameFromTitle } from '../shared/search';
import type { ItemLoaders } from './loaders';
import { createPdf, deletePdf, exportPdfsCsv, findPdf, listPdfs, updatePdf } from './pdfs';
import { retryVideoProcessing } from './video-processing';
import { createVideo, deleteVideo, exportVideosCsv, findVideo, latestVideo, listVideos, similarVideos, updateVideo, videoCategories } from './videos';

function extensionOf(key: string): string {
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(key);
  return m ? m[1]!.toLowerCase() : 'bin';
}

type Loaders = (ctx: BaseContext) => ItemLoaders;

// The generated args mark defaulted ones (sort, page, pageSize) non-null, but a client may still
// send an explicit null; the use cases fall back to the defaults for it.
function itemQueries(deps: CatalogueDeps, ownership: Ownership): QueryResolvers {
  /** The `purchased` filter: it needs a signed-in viewer (UNAUTHENTICATED otherwise). */
  const owner = (purchased: boolean | null | undefined, ctx: BaseContext) =>
    typeof purchased === 'boolean' ? { userId: requireUser(ctx).userId, purchased } : null;
  /** A list filtered on ownership already says whether the viewer owns each item: no second query for `purchased`. */
  const primed = <T extends { items: Array<{ id: string }> }>(ctx: BaseContext, o: { purchased: boolean } | null, page: T): T => {
    if (o) ownership.prime(ctx, page.items.map((i) => i.id), o.purchased);
    return page;
  };
  return {
    videos: async (_, a, ctx) => {
      const o = owner(a.filter?.purchased, ctx);
      // Administrators also see videos still being prepared (the admin list); nobody else does.
      const unpublished = isAdmin(ctx) && !o;
      return primed(ctx, o, await listVideos(deps, { ...a.filter, ownership: o, sort: a.sort, page: a.page, pageSize: a.pageSize, unpublished }));
    },
    video: async (_, a, ctx) => {
      const v = await findVideo(deps, a.id);
      return v && (v.publishedAt || isAdmin(ctx)) ? v : null;
    },
    latestVideo: () => latestVideo(deps),
    videoCategories: () => videoCategories(deps),
    pdfs: async (_, a, ctx) => {
      const o = owner(a.filter?.purchased, ctx);
      return primed(ctx, o, await listPdfs(deps, { ...a.filter, ownership: o, sort: a.sort, page: a.page, pageSize: a.pageSize }));
    },
    pdf: (_, a) => findPdf(deps, a.id),
    exportVideosCsv: adminOnly(() => exportVideosCsv(deps)),
    exportPdfsCsv: adminOnly(() => exportPdfsCsv(deps)),
  };
}

/** Administrators only (adminOnly: the kit's requireAdmin first). */
function itemMutations(deps: CatalogueDeps): MutationResolvers {
  return {
    createVideo: adminOnly(async (a, _ctx, admin) => toPayload('video', await createVideo(deps, admin, a.input))),
    updateVideo: adminOnly(async (a, _ctx, admin) => toPayload('video', await updateVideo(deps, admin, a.id, a.input))),
    deleteVideo: adminOnly(async (a, _ctx, admin) => deletePayload(await deleteVideo(deps, admin, a.id))),
    retryVideoProcessing: adminOnly(async (a, _ctx, admin) => toPayload('video', await retryVideoProcessing(deps, admin, a.id))),
    createPdf: adminOnly(async (a, _ctx, admin) => toPayload('pdf', await createPdf(deps, admin, a.input))),
    updatePdf: adminOnly(async (a, _ctx, admin) => toPayload('pdf', await updatePdf(deps, admin, a.id, a.input))),
    deletePdf: adminOnly(async (a, _ctx, admin) => deletePayload(await deletePdf(deps, admin, a.id))),
  };
}

function videoFields(deps: CatalogueDeps, loaders: Loaders): VideoResolvers {
  return {
    // Batched: one query per _entities call, whatever the number of references.
    __resolveReference: (ref, ctx) => loaders(ctx).video.load(ref.id),
    categoryLabel: (v) => CONTENT_CATEGORY_LABELS[v.category],
    presenter: (v) => (v.presenterName ? { name: v.presenterName, title: v.presenterTitle, photoKey: v.presenterPhotoKey } : null),
    thumbnailUrl: (v) => deps.urls.image('videos', v.thumbnailKey),
    createdAt: (v) => iso(v.createdAt),
    publishedAt: (v) => iso(v.publishedAt),
    // The SDL's default (3) only applies when limit is left out; an explicit null gets it here.
    similarVideos: (v, args) => similarVideos(deps, v, args.limit ?? 3),
    // The uploaded source, unencrypted: administrators only; customers play through startPlayback.
    playbackUrl: async (v, _, ctx) => (isAdmin(ctx) ? (await deps.urls.file('videos', v.videoKey)).url : null),
    downloadUrl: async (v, _, ctx) =>
      isAdmin(ctx) ? (await deps.urls.file('videos', v.videoKey, safeFileNameFromTitle(v.title, extensionOf(v.videoKey)))).url : null,
    fileSize: (v, _, ctx) => (isAdmin(ctx) ? v.videoSize : null),
    contentType: (v, _, ctx) => (isAdmin(ctx) ? v.videoContentType : null),
    processing: (v, _, ctx) =>
      isAdmin(ctx)
        ? {
            state: v.processingState.toUpperCase() as 'PENDING' | 'PROCESSING' | 'READY' | 'FAILED',
            progress: v.processingState === 'ready' ? 100 : v.processingProgress,
            error: v.processingState === 'failed' ? v.processingError : null,
            updatedAt: iso(v.processingUpdatedAt),
          }
        : null,
    previewSeconds: (v) => (v.durationSeconds ? Math.min(v.previewSeconds, v.durationSeconds) : v.previewSeconds),
  };
}

function pdfFields(deps: CatalogueDeps, loaders: Loaders): PdfResolvers {
  return {
    __resolveReference: (ref, ctx) => loaders(ctx).pdf.load(ref.id),
    categoryLabel: (p) => CONTENT_CATEGORY_LABELS[p.category],
    illustrationUrl: (p) => deps.urls.image('pdfs', p.illustrationKey),
    createdAt: (p) => iso(p.createdAt),
    publishedAt: (p) => iso(p.publishedAt),
    downloadUrl: async (p, _, ctx) => (isAdmin(ctx) ? (await deps.urls.file('pdfs', p.fileKey, safeFileNameFromTitle(p.title, 'pdf'))).url : null),
  };
}

/** Videos and PDFs: the lists and pages, the administrators' forms, the CSV exports; the root resolvers return entities (codegen.json's mappers). */
export function itemResolvers(
  deps: CatalogueDeps,
  ownership: Ownership,
  loaders: Loaders,
): { Query: QueryResolvers; Mutation: MutationResolvers; Video: VideoResolvers; Presenter: PresenterResolvers; Pdf: PdfResolvers } {
  return {
    Query: itemQueries(deps, ownership),
    Mutation: itemMutations(deps),
    Video: videoFields(deps, loaders),
    Presenter: { photoUrl: (p) => deps.urls.image('videos', p.photoKey) },
    Pdf: pdfFields(deps, loaders),
  };
}
