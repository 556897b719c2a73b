import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { canonicalUrl, fullTitle, META_KEYS, metaTags, type PageMeta } from './meta-tags';

export { canonicalUrl, DEFAULT_IMAGE, DESCRIPTION_MAX, fullTitle, isPrivatePath, metaTags, shortDescription, type MetaTag, type PageMeta } from './meta-tags';

/**
 * What a page says about itself in <head>: the title, the description and the link preview
 * (Open Graph / Twitter) that WhatsApp and Facebook show when the page is shared.
 *
 * On the server (issue 11's rendering) a `PageMetaCollector` is provided: the last page to call
 * `usePageMeta` during the render wins, and the renderer writes its tags into the HTML's <head>.
 * In the browser the hook keeps document.title and the same tags up to date after navigation.
 */
export interface PageMetaCollector {
  /** Called during the server render; the last call wins. */
  collect(meta: PageMeta): void;
}

const PageMetaContext = createContext<PageMetaCollector | null>(null);

export function PageMetaProvider({ collector, children }: { collector: PageMetaCollector | null; children: ReactNode }) {
  return <PageMetaContext.Provider value={collector}>{children}</PageMetaContext.Provider>;
}

function applyInDocument(meta: PageMeta): void {
  document.title = fullTitle(meta.title);
  const { origin, pathname } = window.location;
  const tags = metaTags(meta, origin, pathname);
  for (const tag of tags) {
    const selector = `meta[${tag.attr}="${tag.key}"]`;
    let el = document.head.querySelector<HTMLMetaElement>(selector);
    if (!el) {
      el = document.createElement('meta');
      el.setAttribute(tag.attr, tag.key);
      document.head.appendChild(el);
    }
    el.content = tag.content;
  }
  // What the previous page set and this one does not (its noindex, its description) goes.
  for (const { attr, key } of META_KEYS) {
    if (tags.some((t) => t.attr === attr && t.key === key)) continue;
    document.head.querySelector(`meta[${attr}="${key}"]`)?.remove();
  }
  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!canonical) {
    canonical = document.createElement('link');
    canonical.rel = 'canonical';
    document.head.appendChild(canonical);
  }
  canonical.href = canonicalUrl(meta, origin, pathname);
}

/** Declares the page's title and preview; call it once per screen (usePage calls it with the title alone). */
export function usePageMeta(meta: PageMeta): void {
  const collector = useContext(PageMetaContext);
  if (collector) collector.collect(meta);
  const key = JSON.stringify(meta);
  useEffect(() => {
    applyInDocument(JSON.parse(key) as PageMeta);
  }, [key]);
}
