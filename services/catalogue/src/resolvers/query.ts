import { requireAdmin, isAdmin } from '@lbf/service-kit';
import type { QueryResolvers } from '../generated/graphql';
import { listArticles, findArticle } from '../operations/articles';
import type { CatalogueDeps } from '../operations/deps';
import { exportPdfsCsv, findPdf, listPdfs } from '../operations/pdfs';
import { readSettings } from '../operations/settings';
import { catalogueStats } from '../operations/stats';
import { activeTestimonials, allTestimonials } from '../operations/testimonials';
import { exportVideosCsv, findVideo, latestVideo, listVideos, videoCategories } from '../operations/videos';

// The generated args mark defaulted ones (sort, page, pageSize) non-null, but a client may still
// send an explicit null; operations/ fall back to the defaults for it.
export function queryResolvers(deps: CatalogueDeps): QueryResolvers {
  return {
    videos: (_, a) => listVideos(deps, { ...a.filter, sort: a.sort, page: a.page, pageSize: a.pageSize }),
    video: (_, a) => findVideo(deps, a.id),
    latestVideo: () => latestVideo(deps),
    videoCategories: () => videoCategories(deps),
    pdfs: (_, a) => listPdfs(deps, { ...a.filter, sort: a.sort, page: a.page, pageSize: a.pageSize }),
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
