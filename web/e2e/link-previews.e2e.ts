import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { graphql, browserForFile, newVisitor, shotPath, stack } from './harness';

/**
 * Issue 11 §2, in the browser after load: each page's title, description, canonical URL and Open
 * Graph image (absolute, on the site's origin, wide enough for WhatsApp's card). The server's HTML
 * carrying the same tags is asserted with the server rendering.
 */
const browser = browserForFile();

interface Head {
  title: string;
  description: string | null;
  canonical: string | null;
  robots: string | null;
  og: Record<string, string>;
  twitter: Record<string, string>;
}

/** The <head> as a crawler that runs JavaScript would read it. */
async function head(page: Page): Promise<Head> {
  return page.evaluate(() => {
    const content = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content ?? null;
    const all = (prefix: string, attr: string) =>
      Object.fromEntries(
        [...document.head.querySelectorAll<HTMLMetaElement>(`meta[${attr}^="${prefix}"]`)].map((m) => [m.getAttribute(attr) ?? '', m.content]),
      );
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      robots: content('meta[name="robots"]'),
      og: all('og:', 'property'),
      twitter: all('twitter:', 'name'),
    };
  });
}

/** Waits until the page has declared `title` (the data arrived and the page said so). */
async function titled(page: Page, title: string): Promise<Head> {
  await page.waitForFunction((t) => document.title === t, `${title} | LBF`);
  return head(page);
}

/** The image behind an og:image URL: served, an image, at least 300 px wide (WhatsApp's minimum for a card). */
async function previewImage(url: string): Promise<{ width: number; height: number }> {
  expect(url.startsWith(`${stack.url}/`)).toBe(true);
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\//);
  const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
  expect(meta.width).toBeGreaterThanOrEqual(300);
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}

const absolute = (url: string | null) => (url ? new URL(url, stack.url).toString() : null);

describe('link previews', () => {
  it('the home: the hero’s words, the site’s own image at 1200×630, canonical on /', async () => {
    const { siteSettings } = await graphql<{ siteSettings: { heroTitle: string; heroSubtitle: string } }>('{ siteSettings { heroTitle heroSubtitle } }');
    const { context, page } = await newVisitor(browser);
    await page.goto('/?utm_source=whatsapp');
    await page.getByTestId('hero-title').waitFor();
    const h = await titled(page, siteSettings.heroTitle);
    expect(h.description).toBe(siteSettings.heroSubtitle);
    expect(h.og['og:title']).toBe(siteSettings.heroTitle);
    expect(h.og['og:description']).toBe(siteSettings.heroSubtitle);
    expect(h.og['og:type']).toBe('website');
    expect(h.og['og:url']).toBe(`${stack.url}/`);
    expect(h.canonical).toBe(`${stack.url}/`);
    expect(h.og['og:image']).toBe(`${stack.url}/og-default.png`);
    expect(h.twitter['twitter:card']).toBe('summary_large_image');
    expect(h.robots).toBeNull();
    expect(await previewImage(h.og['og:image']!)).toEqual({ width: 1200, height: 630 });
    await context.close();
  });

  it('an article: its title, excerpt and cover, type article, canonical on /actualites/:id', async () => {
    const { articles } = await graphql<{ articles: { items: Array<{ id: string; title: string; excerpt: string; imageUrl: string | null }> } }>(
      '{ articles(pageSize: 1) { items { id title excerpt imageUrl } } }',
    );
    const article = articles.items[0]!;
    const { context, page } = await newVisitor(browser);
    await page.goto(`/actualite/${article.id}`);
    await page.getByTestId('article-title').waitFor();
    const h = await titled(page, article.title);
    expect(h.og['og:type']).toBe('article');
    expect(h.og['og:title']).toBe(article.title);
    expect(h.description).not.toBeNull();
    expect(h.description!.length).toBeLessThanOrEqual(200);
    expect(article.excerpt.replace(/\s+/g, ' ').startsWith(h.description!.replace(/…$/, ''))).toBe(true);
    expect(h.canonical).toBe(`${stack.url}/actualites/${article.id}`);
    expect(h.og['og:url']).toBe(`${stack.url}/actualites/${article.id}`);
    expect(h.og['og:image']).toBe(absolute(article.imageUrl) ?? `${stack.url}/og-default.png`);
    await previewImage(h.og['og:image']!);
    await context.close();
  });

  it('a video signed out: the public preview with ‘Connexion requise’, the thumbnail as image, type video.other', async () => {
    // A video with a description and a thumbnail: the admin browser tests running beside this one
    // publish videos with a title alone, which rightly have no description to show.
    const { videos } = await graphql<{ videos: { items: Array<{ id: string; title: string; description: string; thumbnailUrl: string | null }> } }>(
      '{ videos(pageSize: 50) { items { id title description thumbnailUrl } } }',
    );
    const video = videos.items.find((v) => v.description.trim() && v.thumbnailUrl)!;
    expect(video).toBeDefined();
    const { context, page } = await newVisitor(browser);
    await page.goto(`/video/${video.id}`);
    const prompt = page.getByTestId('sign-in-required');
    await prompt.getByRole('heading', { name: 'Connexion requise' }).waitFor();
    // No redirect: the preview stays on the shared address.
    expect(new URL(page.url()).pathname).toBe(`/video/${video.id}`);
    await page.getByRole('heading', { level: 1, name: video.title }).waitFor();
    // What WhatsApp and Facebook read: the server's HTML as it arrives, no script run.
    const crawler = await browser.newContext({ baseURL: stack.url, javaScriptEnabled: false });
    const raw = await crawler.newPage();
    await raw.goto(`/video/${video.id}`);
    const h = await head(raw);
    await crawler.close();
    expect(h.title).toBe(`${video.title} | LBF`);
    expect(h.og['og:type']).toBe('video.other');
    expect(h.og['og:title']).toBe(video.title);
    expect(h.description).not.toBeNull();
    expect(video.description.replace(/\s+/g, ' ').startsWith(h.description!.replace(/…$/, ''))).toBe(true);
    expect(h.canonical).toBe(`${stack.url}/videos/${video.id}`);
    expect(video.thumbnailUrl).not.toBeNull();
    expect(h.og['og:image']).toBe(absolute(video.thumbnailUrl));
    expect(h.twitter['twitter:image']).toBe(h.og['og:image']);
    await previewImage(h.og['og:image']!);
    await page.screenshot({ path: shotPath('video-preview-signed-out.png'), fullPage: true });
    expect(await prompt.getByTestId('preview-sign-in').getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(`/video/${video.id}`)}`);
    await context.close();
  });

  it('a guide: its preview for a visitor, its card for a customer, type book with the illustration', async () => {
    const { pdfs } = await graphql<{ pdfs: { items: Array<{ id: string; title: string; illustrationUrl: string | null }> } }>(
      '{ pdfs(pageSize: 1) { items { id title illustrationUrl } } }',
    );
    const pdf = pdfs.items[0]!;
    const visitor = await newVisitor(browser);
    await visitor.page.goto(`/pdfs/${pdf.id}`);
    await visitor.page.getByTestId('sign-in-required').getByRole('heading', { name: 'Connexion requise' }).waitFor();
    const h = await titled(visitor.page, pdf.title);
    expect(h.og['og:type']).toBe('book');
    expect(h.canonical).toBe(`${stack.url}/pdfs/${pdf.id}`);
    expect(h.og['og:image']).toBe(absolute(pdf.illustrationUrl) ?? `${stack.url}/og-default.png`);
    await previewImage(h.og['og:image']!);
    expect(await visitor.page.getByTestId('pdf-card').count()).toBe(0);
    await visitor.page.screenshot({ path: shotPath('pdf-preview-signed-out.png'), fullPage: true });
    await visitor.context.close();

    const customer = await newVisitor(browser);
    await customer.page.goto(`/auth?next=${encodeURIComponent(`/pdfs/${pdf.id}`)}`);
    const form = customer.page.getByRole('form', { name: 'Connexion' });
    await form.getByLabel('Email').fill(stack.demo.customer.email);
    await form.getByLabel('Mot de passe', { exact: true }).fill(stack.demo.customer.password);
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await customer.page.waitForURL((url) => url.pathname === `/pdfs/${pdf.id}`);
    await customer.page.getByTestId('pdf-card').waitFor();
    expect(await customer.page.getByTestId('sign-in-required').count()).toBe(0);
    const signedIn = await titled(customer.page, pdf.title);
    expect(signedIn.og['og:type']).toBe('book');
    expect(signedIn.canonical).toBe(`${stack.url}/pdfs/${pdf.id}`);
    await customer.page.screenshot({ path: shotPath('pdf-page-signed-in.png'), fullPage: true });
    await customer.context.close();
  });

  it('a crawler that accepts any type gets the page; the machine’s other address leads to the one the stack printed', async () => {
    // As Facebook documents its crawler's request (Accept */*, a Range, its user agent).
    const crawler = await fetch(`${stack.url}/`, {
      headers: { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', accept: '*/*', range: 'bytes=0-524288' },
    });
    expect(crawler.status).toBe(200);
    expect(await crawler.text()).toContain(`<meta property="og:url" content="${stack.url}/"`);
    const other = await fetch(`http://127.0.0.1:${new URL(stack.url).port}/actualites?page=2`, { redirect: 'manual' });
    expect(other.status).toBe(301);
    expect(other.headers.get('location')).toBe(`${stack.url}/actualites?page=2`);
  });

  it('private pages and the 404 say noindex, and a public page reached next drops it', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/nulle-part');
    expect((await titled(page, 'Page introuvable')).robots).toBe('noindex');
    await page.goto('/auth');
    expect((await titled(page, 'Connexion')).robots).toBe('noindex');
    // Client-side navigation to a public page: the previous page's noindex must not stay behind.
    await page.getByRole('link', { name: "LBF, retour à l'accueil" }).first().click();
    await page.getByTestId('hero-title').waitFor();
    await page.waitForFunction(() => !document.title.startsWith('Connexion'));
    expect((await head(page)).robots).toBeNull();
    await context.close();
  });
});
