import { requireAdmin, requireUser, isAdmin, type BaseContext } from '@lbf/service-kit';
import type { QueryResolvers } from '../generated/graphql';
import { listArticles, findArticle } from '../content/articles';
import type { CatalogueDeps } from '../shared/deps';
import type { RequestLoaders } from '../entitlements/entitlements';
import { exportPdfsCsv, findPdf, listPdfs } from '../items/pdfs';
import { readSettings } from '../content/settings';
import { catalogueStats } from '../stats/stats';
import { activeTestimonials, allTestimonials } from '../content/testimonials';
import { exportVideosCsv, findVideo, latestVideo, listVideos, videoCategories } from '../items/videos';

// The generated args mark defaulted ones (sort, page, pageSize) non-null, but a client may still
// send an explicit null; operations/ fall back to the defaults for it.
export function queryResolvers(deps: CatalogueDeps, loaders: (ctx: BaseContext) => RequestLoaders): QueryResolvers {
  /** The `purchased` filter: it needs a signed-in viewer (UNAUTHENTICATED otherwise). */
  const ownership = (purchased: boolean | null | undefined, ctx: BaseContext) =>
    typeof purchased === 'boolean' ? { userId: requireUser(ctx).userId, purchased } : null;
  /** A list filtered on ownership already says whether the viewer owns each item: no second query for `purchased`. */
  const primed = <T extends { items: Array<{ id: string }> }>(ctx: BaseContext, o: { purchased: boolean } | null, page: T): T => {
    const owned = loaders(ctx).owned;
    if (o && owned) for (const item of page.items) owned.prime(item.id, o.purchased);
    return page;
  };
  return {
    videos: async (_, a, ctx) => {
      const o = ownership(a.filter?.purchased, ctx);
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
      const o = ownership(a.filter?.purchased, ctx);
      return primed(ctx, o, await listPdfs(deps, { ...a.filter, ownership: o, sort: a.sort, page: a.page, pageSize: a.pageSize }));
    },
    pdf: (_, a) => findPdf(deps, a.id),
    articles: (_, a) => listArticles(deps, { ...a.filter, page: a.page, pageSize: a.pageSize }, false),
    article: (_, a, ctx) => findArticle(deps, a.id, isAdmin(ctx)),
    testimonials: () => activeTestimonials(deps),
    siteSettings: () => readSettings(deps),

    adminArticles: (_, a, ctx) => {
      requireAdmin(ctx);
      const status = a.status === 'DRAFT' ? 'draft' : a.status === 'PUBLISHED' ? 'published' : null;
      return listArticles(deps, { ...a.filter, status, page: a.page, pageSize: a.pageSize }, true);
    },
    adminTestimonials: (_, __, ctx) => {
      requireAdmin(ctx);
      return allTestimonials(deps);
    },
    catalogueStats: (_, __, ctx) => {
      requireAdmin(ctx);
      return catalogueStats(deps);
    },
    uploadLimits: (_, __, ctx) => {
      requireAdmin(ctx);
      return deps.limits;
    },
    exportVideosCsv: (_, __, ctx) => {
      requireAdmin(ctx);
      return exportVideosCsv(deps);
    },
    exportPdfsCsv: (_, __, ctx) => {
      requireAdmin(ctx);
      return exportPdfsCsv(deps);
    },
  };
}
