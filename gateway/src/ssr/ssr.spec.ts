import { TtlLru } from './cache';
import { parseTemplate } from './document';
import { chunkKey, NOT_FOUND_MODULE, preloadsFor, preloadTags, referencedUrls, routeModule, routeModules, type ViteManifest } from './preloads';
import { isServerRendered, lowDataFor, wantsLowData } from './routes';

describe('which pages the server renders', () => {
  it.each(['/', '/actualites', '/actualites/12', '/actualite/12', '/about', '/faq', '/contact', '/terms', '/privacy', '/videos/3', '/video/3', '/nimporte-quoi'])('renders %s', (path) => {
    expect(isServerRendered(path)).toBe(true);
  });
  it.each(['/dashboard', '/dashboard/achats', '/admin', '/admin/users', '/auth', '/paiement/retour', '/recu/9', '/newsletter/confirmation/abc', '/videos', '/pdfs', '/videos/'])('keeps the app shell for %s', (path) => {
    expect(isServerRendered(path)).toBe(false);
  });
  it('reads Save-Data: on', () => {
    expect(wantsLowData('on')).toBe(true);
    expect(wantsLowData(' On ')).toBe(true);
    expect(wantsLowData('off')).toBe(false);
    expect(wantsLowData(undefined)).toBe(false);
  });
  it('lets the visitor’s low-data cookie win over Save-Data, and ignores other cookies', () => {
    expect(lowDataFor(undefined, 'lbf_low_data=1')).toBe(true);
    expect(lowDataFor('on', 'a=b; lbf_low_data=0')).toBe(false);
    expect(lowDataFor('on', 'x_lbf_low_data=0')).toBe(true);
    expect(lowDataFor(undefined, 'lbf_low_data=1x; other=1')).toBe(false);
    expect(lowDataFor('on', undefined)).toBe(true);
    expect(lowDataFor(undefined, undefined)).toBe(false);
  });
});

describe('the rendered pages cache', () => {
  it('forgets entries after their time and the least recently used first', () => {
    let now = 0;
    const cache = new TtlLru<string>(2, 1000, () => now);
    cache.set('a', 'A');
    cache.set('b', 'B');
    expect(cache.get('a')).toBe('A');
    cache.set('c', 'C');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('A');
    now = 1000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
  });
  it('keeps nothing with a zero TTL', () => {
    const cache = new TtlLru<string>(10, 0);
    cache.set('a', 'A');
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('the document template', () => {
  const index = `<!doctype html>
<html lang="fr">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Défaut"
    />
    <title>LBF</title>
    <script type="module" crossorigin src="/assets/index.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

  it("replaces the default title and description and fills #root and the data block", () => {
    const html = parseTemplate(index).fill({ head: '<title>FAQ | LBF</title>', html: '<main>Bonjour</main>', state: '<script type="application/json" id="lbf-ssr">{}</script>' });
    expect(html).not.toContain('Défaut');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>FAQ | LBF</title>');
    expect(html).toContain('<div id="root"><main>Bonjour</main></div>');
    expect(html.indexOf('id="lbf-ssr"')).toBeLessThan(html.indexOf('</body>'));
    expect(html).toContain('<script type="module" crossorigin src="/assets/index.js"></script>');
  });

  it('refuses an index.html without #root', () => {
    expect(() => parseTemplate('<html><head></head><body></body></html>')).toThrow(/root/);
  });
});

describe("the route's preloads", () => {
  /** A small build: the entry with the home inside, two lazy pages sharing a card chunk, a shared-chunk preview. */
  const manifest: ViteManifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_vendor.js'], css: ['assets/index.css'] },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_card.js': { file: 'assets/card.js', imports: ['_vendor.js'], css: ['assets/card.css'] },
    'src/features/news/news-page.tsx': { file: 'assets/news-page.js', src: 'src/features/news/news-page.tsx', imports: ['index.html', '_vendor.js', '_card.js'], css: ['assets/news-page.css'] },
    'src/features/news/article-page.tsx': { file: 'assets/article-page.js', src: 'src/features/news/article-page.tsx', imports: ['index.html', '_card.js'] },
    'src/app/not-found-page.tsx': { file: 'assets/not-found-page.js', src: 'src/app/not-found-page.tsx', imports: ['index.html'] },
    '_item-preview-abc.js': { file: 'assets/item-preview-abc.js', name: 'item-preview', imports: ['_card.js'] },
  };
  const indexHtml = `<html><head>
    <script type="module" crossorigin src="/assets/index.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor.js">
    <link rel="stylesheet" crossorigin href="/assets/index.css">
  </head><body><div id="root"></div></body></html>`;

  it('knows the module each rendered path shows, as react-router matches it', () => {
    expect(routeModule('/')).toBe('src/features/home/home-page.tsx');
    expect(routeModule('/actualites')).toBe('src/features/news/news-page.tsx');
    expect(routeModule('/Actualites/')).toBe('src/features/news/news-page.tsx');
    expect(routeModule('/actualites/12')).toBe('src/features/news/article-page.tsx');
    expect(routeModule('/actualite/12')).toBe('src/features/news/article-page.tsx');
    expect(routeModule('/videos/3')).toBe('src/features/catalogue/item-preview.tsx');
    expect(routeModule('/pdfs/3')).toBe('src/features/catalogue/item-preview.tsx');
    expect(routeModule('/actualites/12/plus')).toBe(NOT_FOUND_MODULE);
    expect(routeModule('/nimporte-quoi')).toBe(NOT_FOUND_MODULE);
  });

  it('names what a page fetches beside its own chunk (the contact form)', () => {
    expect(routeModules('/contact')).toEqual(['src/features/contact/contact-page.tsx', 'src/features/contact/contact-form.tsx']);
    expect(routeModules('/faq')).toEqual(['src/features/faq/faq-page.tsx']);
    expect(routeModules('/nimporte-quoi')).toEqual([NOT_FOUND_MODULE]);
  });

  it('reads what index.html already loads', () => {
    expect([...referencedUrls(indexHtml)]).toEqual(['/assets/index.js', '/assets/vendor.js', '/assets/index.css']);
  });

  it("lists the route chunk, its static imports and their CSS, each once, and nothing index.html has", () => {
    const tags = preloadTags(manifest, 'src/features/news/news-page.tsx', referencedUrls(indexHtml));
    expect(tags.split('\n  ')).toEqual([
      '<link rel="stylesheet" crossorigin href="/assets/news-page.css">',
      '<link rel="stylesheet" crossorigin href="/assets/card.css">',
      '<link rel="lbf-modulepreload" href="/assets/news-page.js">',
      '<link rel="lbf-modulepreload" href="/assets/card.js">',
    ]);
  });

  it('finds a module Vite made a shared chunk of, and adds nothing for a module inside the entry', () => {
    expect(chunkKey(manifest, 'src/features/catalogue/item-preview.tsx')).toBe('_item-preview-abc.js');
    // Its strings' module has the same name and a chunk of its own, which the page's chunk imports.
    const withStrings: typeof manifest = { ...manifest, '_item-preview-str.js': { file: 'assets/item-preview-str.js', name: 'item-preview' } };
    withStrings['_item-preview-abc.js'] = { ...manifest['_item-preview-abc.js']!, imports: [...(manifest['_item-preview-abc.js']!.imports ?? []), '_item-preview-str.js'] };
    expect(chunkKey(withStrings, 'src/features/catalogue/item-preview.tsx')).toBe('_item-preview-abc.js');
    expect(preloadTags(manifest, 'src/features/catalogue/item-preview.tsx', new Set())).toContain('href="/assets/item-preview-abc.js"');
    expect(preloadTags(manifest, 'src/features/home/home-page.tsx', referencedUrls(indexHtml))).toBe('');
  });

  it('puts the tags at the end of the head of the page, none without a manifest', () => {
    const forPath = preloadsFor(manifest, indexHtml);
    expect(forPath('/nimporte-quoi')).toBe('<link rel="lbf-modulepreload" href="/assets/not-found-page.js">');
    const html = parseTemplate(indexHtml).fill({ head: '<title>Actualités | LBF</title>', html: '', state: '' }, forPath('/actualites/7'));
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('href="/assets/article-page.js"')).toBeGreaterThan(head.indexOf('src="/assets/index.js"'));
    expect(html.match(/href="\/assets\/vendor\.js"/g)).toHaveLength(1);
    expect(preloadsFor(null, indexHtml)('/actualites')).toBe('');
  });
});
