import { PRIVATE_SECTIONS } from '../app/route-manifest';
import { fr } from '../i18n/fr';

/**
 * What a page says about itself in <head> (see page-meta.tsx, which re-exports all of this): pure
 * functions, shared by the server's renderer and the browser, tested on their own.
 */
export interface PageMeta {
  /** The page's own title, without the site's name (added here): 'Actualités'. */
  title: string;
  /** One or two sentences, plain text; cut to 200 characters. */
  description?: string | null;
  /** Absolute or site-relative URL of the preview image (at least 600 px wide for WhatsApp's large card). */
  image?: string | null;
  imageAlt?: string | null;
  /** The page's canonical path ('/actualites/123'); defaults to the current path without its query. */
  canonicalPath?: string | null;
  /** og:type: 'website' by default; 'article' for a news item, 'video.other' for a lesson, 'book' for a guide. */
  type?: 'website' | 'article' | 'video.other' | 'book';
  /** Pages that must not be indexed (accounts, payments, the admin area, newsletter tokens). */
  noindex?: boolean;
}

export interface MetaTag {
  attr: 'name' | 'property';
  key: string;
  content: string;
}

export const DESCRIPTION_MAX = 200;

/** The preview image of pages without their own (web/public, drawn by web/scripts/og-default.mjs). */
export const DEFAULT_IMAGE = '/og-default.png';
export const DEFAULT_IMAGE_WIDTH = 1200;
export const DEFAULT_IMAGE_HEIGHT = 630;

/**
 * Paths that are never indexed whatever the page declares: accounts, payments, receipts, the
 * admin area and the newsletter's token links (robots.txt disallows most of them too), the route
 * manifest's private sections, which the server does not render either.
 */

export function isPrivatePath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return PRIVATE_SECTIONS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

export function fullTitle(title: string): string {
  return title === fr.brand.name ? title : `${title} | ${fr.brand.name}`;
}

/** Plain text of at most 200 characters, cut on a word with '…'; null when there is nothing to say. */
export function shortDescription(text: string | null | undefined): string | null {
  const plain = (text ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!plain) return null;
  if (plain.length <= DESCRIPTION_MAX) return plain;
  const cut = plain.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  // Cut on the last word boundary unless that throws away most of the sentence.
  const kept = space > DESCRIPTION_MAX * 0.6 ? cut.slice(0, space) : cut;
  return `${kept.replace(/[\s,;:.–-]+$/, '')}…`;
}

/** The page's canonical URL: its declared path (else the current one) on the site's origin, without query or hash. */
export function canonicalUrl(meta: PageMeta, origin: string, path: string): string {
  const url = new URL(meta.canonicalPath ?? path, origin);
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** The <head> tags of a page, as [attribute, key, content] triples (shared by the server and the browser). */
export function metaTags(meta: PageMeta, origin: string, path: string): MetaTag[] {
  const url = canonicalUrl(meta, origin, path);
  const description = shortDescription(meta.description);
  const ownImage = meta.image ? new URL(meta.image, origin).toString() : null;
  const image = ownImage ?? new URL(DEFAULT_IMAGE, origin).toString();
  const tags: MetaTag[] = [
    { attr: 'property', key: 'og:site_name', content: fr.brand.name },
    { attr: 'property', key: 'og:locale', content: 'fr_FR' },
    { attr: 'property', key: 'og:type', content: meta.type ?? 'website' },
    { attr: 'property', key: 'og:title', content: meta.title },
    { attr: 'property', key: 'og:url', content: url },
    { attr: 'name', key: 'twitter:card', content: 'summary_large_image' },
    { attr: 'name', key: 'twitter:title', content: meta.title },
  ];
  if (description) {
    tags.push({ attr: 'name', key: 'description', content: description });
    tags.push({ attr: 'property', key: 'og:description', content: description });
    tags.push({ attr: 'name', key: 'twitter:description', content: description });
  }
  tags.push({ attr: 'property', key: 'og:image', content: image });
  tags.push({ attr: 'name', key: 'twitter:image', content: image });
  if (!ownImage) {
    tags.push({ attr: 'property', key: 'og:image:width', content: String(DEFAULT_IMAGE_WIDTH) });
    tags.push({ attr: 'property', key: 'og:image:height', content: String(DEFAULT_IMAGE_HEIGHT) });
  }
  const alt = meta.imageAlt ?? (ownImage ? meta.title : fr.brand.name);
  tags.push({ attr: 'property', key: 'og:image:alt', content: alt });
  if (meta.noindex || isPrivatePath(path)) tags.push({ attr: 'name', key: 'robots', content: 'noindex' });
  return tags;
}

/** Every key metaTags may write: the browser removes those a later page does not set (robots, description). */
export const META_KEYS: ReadonlyArray<Pick<MetaTag, 'attr' | 'key'>> = [
  ...['og:site_name', 'og:locale', 'og:type', 'og:title', 'og:url', 'og:description', 'og:image', 'og:image:width', 'og:image:height', 'og:image:alt'].map(
    (key) => ({ attr: 'property' as const, key }),
  ),
  ...['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image', 'description', 'robots'].map((key) => ({ attr: 'name' as const, key })),
];
