import type { CatalogueDeps } from '../shared/deps';

/** The stats room's one door (and its only use case): the back office's counts, one statement. */

export async function catalogueStats(deps: Pick<CatalogueDeps, 'ds'>) {
  const [row] = (await deps.ds.query(`SELECT
      (SELECT count(*) FROM videos WHERE published_at IS NOT NULL) AS video_count,
      (SELECT count(*) FROM pdfs WHERE published_at IS NOT NULL) AS pdf_count,
      (SELECT coalesce(sum(view_count), 0) FROM videos) AS views,
      (SELECT coalesce(sum(download_count), 0) FROM videos) + (SELECT coalesce(sum(download_count), 0) FROM pdfs) AS downloads,
      (SELECT count(*) FROM articles WHERE status = 'published') AS articles,
      (SELECT count(*) FROM testimonials WHERE is_active) AS testimonials`)) as Array<Record<string, string>>;
  return {
    videoCount: Number(row!.video_count),
    pdfCount: Number(row!.pdf_count),
    totalVideoViews: Number(row!.views),
    totalDownloads: Number(row!.downloads),
    publishedArticleCount: Number(row!.articles),
    activeTestimonialCount: Number(row!.testimonials),
  };
}
