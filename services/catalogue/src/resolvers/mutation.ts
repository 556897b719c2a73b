import { requireAdmin, type BaseContext } from '@lbf/service-kit';
import { createArticle, deleteArticle, setArticlePublished, updateArticle } from '../operations/articles';
import type { CatalogueError } from '../domain/errors';
import type { MutationResolvers } from '../generated/graphql';
import type { CatalogueDeps, Outcome } from '../operations/deps';
import { createPdf, deletePdf, downloadPdf, updatePdf } from '../operations/pdfs';
import { updateSettings } from '../operations/settings';
import { createTestimonial, deleteTestimonial, updateTestimonial } from '../operations/testimonials';
import { createUpload } from '../operations/uploads';
import { createVideo, deleteVideo, updateVideo } from '../operations/videos';

/** Every mutation is an administrator's: requireAdmin refuses visitors (401) and customers (403) before anything runs. */
export function mutationResolvers(deps: CatalogueDeps): MutationResolvers {
  // Args come from the field the wrapped resolver is assigned to (inferred from MutationResolvers).
  const admin =
    <A, R>(fn: (args: A, ctx: BaseContext, adminId: string) => Promise<R>) =>
    (_: unknown, args: A, ctx: BaseContext) => {
      const user = requireAdmin(ctx);
      return fn(args, ctx, user.userId);
    };

  const as =
    <K extends string>(key: K) =>
    async <T>(outcome: Promise<Outcome<T>>) => {
      const r = await outcome;
      return { [key]: r.value, error: r.error } as { [P in K]: T | null } & { error: CatalogueError | null };
    };
  const video = as('video');
  const pdf = as('pdf');
  const article = as('article');
  const testimonial = as('testimonial');

  return {
    createUpload: admin((a, _ctx, adminId) => createUpload(deps, adminId, a.input)),
    createVideo: admin((a) => video(createVideo(deps, a.input))),
    updateVideo: admin((a) => video(updateVideo(deps, a.id, a.input))),
    deleteVideo: admin((a) => deleteVideo(deps, a.id)),
    createPdf: admin((a) => pdf(createPdf(deps, a.input))),
    updatePdf: admin((a) => pdf(updatePdf(deps, a.id, a.input))),
    deletePdf: admin((a) => deletePdf(deps, a.id)),
    // Administrators only until commerce's entitlements let buyers through (see the SDL).
    downloadPdf: admin((a, _ctx, adminId) => downloadPdf(deps, a.id, adminId).then((r) => ({ url: r.value?.url ?? null, expiresAt: r.value?.expiresAt.toISOString() ?? null, error: r.error }))),
    createArticle: admin((a) => article(createArticle(deps, a.input))),
    updateArticle: admin((a) => article(updateArticle(deps, a.id, a.input))),
    publishArticle: admin((a) => article(setArticlePublished(deps, a.id, true))),
    unpublishArticle: admin((a) => article(setArticlePublished(deps, a.id, false))),
    deleteArticle: admin((a) => deleteArticle(deps, a.id)),
    createTestimonial: admin((a) => testimonial(createTestimonial(deps, a.input))),
    updateTestimonial: admin((a) => testimonial(updateTestimonial(deps, a.id, a.input))),
    deleteTestimonial: admin((a) => deleteTestimonial(deps, a.id)),
    updateSiteSettings: admin((a) => updateSettings(deps, a.input)),
  };
}
