/**
 * Resized images served by the catalogue (services/catalogue/src/media/image-variants.ts):
 * `/media/img/<bucket>/<key>/<width>.<format>`, only these widths and formats (the server refuses
 * any other with 400). Only images of published items exist there; anything else keeps its URL.
 */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1280] as const;
export type ImageFormat = 'avif' | 'webp' | 'jpeg';

/** A same-origin media read URL from the API: /media/<bucket>/<key>?exp=…&sig=… */
const MEDIA_READ = /^\/media\/(videos|pdfs)\/([^/]+)$/;

/**
 * The variants' base URL of an API image URL (`/media/img/<bucket>/<key>`), or null when the URL
 * is not one of the catalogue's media reads (a data: URL, another site, a download).
 */
export function variantBase(src: string | null | undefined): string | null {
  if (!src) return null;
  let url: URL;
  try {
    url = new URL(src, 'http://relative.invalid');
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const m = MEDIA_READ.exec(url.pathname);
  if (!m || url.searchParams.has('dl')) return null;
  let key: string;
  try {
    key = decodeURIComponent(m[2]!);
  } catch {
    return null;
  }
  const origin = url.origin === 'http://relative.invalid' ? '' : url.origin;
  return `${origin}/media/img/${m[1]}/${encodeURIComponent(key)}`;
}

export function variantUrl(base: string, width: number, format: ImageFormat): string {
  return `${base}/${width}.${format}`;
}

export interface SrcSetOptions {
  /** Largest width offered (the box's intrinsic width twice over is plenty); at least the smallest width is kept. */
  maxWidth?: number;
  /**
   * The low-data mode: each file is announced twice as wide as it is, so the browser picks one
   * half the width it would otherwise (the box keeps its CSS size: width/height and the page's CSS set it).
   */
  lowData?: boolean;
}

/** The widths offered for a box: the list up to `maxWidth`, never empty. */
export function candidateWidths(maxWidth: number = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= maxWidth);
  return widths.length ? widths : [IMAGE_WIDTHS[0]];
}

/** `srcset` of one format: "<base>/160.webp 160w, <base>/320.webp 320w, …" */
export function buildSrcSet(base: string, format: ImageFormat, opts: SrcSetOptions = {}): string {
  const scale = opts.lowData ? 2 : 1;
  return candidateWidths(opts.maxWidth)
    .map((w) => `${variantUrl(base, w, format)} ${w * scale}w`)
    .join(', ');
}

/** The plain `src` for browsers without srcset: a middle width (half of it in the low-data mode). */
export function fallbackWidth(opts: SrcSetOptions = {}): number {
  const widths = candidateWidths(opts.maxWidth);
  const target = opts.lowData ? 320 : 640;
  return [...widths].reverse().find((w) => w <= target) ?? widths[0]!;
}
