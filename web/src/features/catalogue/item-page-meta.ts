import { paths } from '@/app/route-manifest';
import { usePage } from '@/hooks/use-page';
import { videoDetailText } from '@/i18n/catalogue';
import { itemPreviewText } from '@/i18n/catalogue/item-preview';
import { fr } from '@/i18n/fr';

/*
 * A video's or a guide's title and link preview, the same whether the customer's page or the
 * visitor's preview shows it; the page says 'not found' (and is not indexed) once the answer has
 * come without the item. Each returns whether it is missing.
 */

export function videoCanonicalPath(id: string): string {
  return paths.video(id);
}

export function pdfCanonicalPath(id: string): string {
  return paths.pdf(id);
}

type VideoMeta = { id: string; title: string; description: string; thumbnailUrl?: string | null };
type PdfMeta = { id: string; title: string; description: string; illustrationUrl?: string | null };

/** `answered`: the query's answer is here (with or without the video). */
export function useVideoPageMeta(id: string, video: VideoMeta | null | undefined, answered: boolean): boolean {
  const missing = answered && !video;
  usePage(video?.title ?? (missing ? videoDetailText.notFoundTitle : fr.pages.video), {
    meta: video
      ? { description: video.description, image: video.thumbnailUrl, imageAlt: video.title, type: 'video.other', canonicalPath: videoCanonicalPath(video.id) }
      : { canonicalPath: videoCanonicalPath(id), noindex: missing },
  });
  return missing;
}

/** `answered`: the query's answer is here (with or without the guide). */
export function usePdfPageMeta(id: string, pdf: PdfMeta | null | undefined, answered: boolean): boolean {
  const missing = answered && !pdf;
  usePage(pdf?.title ?? (missing ? itemPreviewText.pdfNotFoundTitle : itemPreviewText.pdfDocumentTitle), {
    meta: pdf
      ? { description: pdf.description, image: pdf.illustrationUrl, imageAlt: pdf.title, type: 'book', canonicalPath: pdfCanonicalPath(pdf.id) }
      : { canonicalPath: pdfCanonicalPath(id), noindex: missing },
  });
  return missing;
}
