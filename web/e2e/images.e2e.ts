import type { Page, Request } from 'playwright-core';
import { browserForFile, newVisitor, shotPath, stack } from './harness';

/**
 * Issue 11 §3: images in modern formats at the size displayed (srcset), lazy below the fold,
 * their box reserved. A phone's screen (390×844, one device pixel per CSS pixel, as a cheap phone's
 * browser at its default zoom), in Chromium.
 */
const browser = browserForFile();

/** Chromium's lazy-loading margin on a 4G connection: images farther below the screen wait for the scroll. */
const LAZY_MARGIN_PX = 1250;

/** Every image request the page makes, in order. */
function recordImages(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req: Request) => {
    if (req.resourceType() === 'image') urls.push(new URL(req.url()).pathname);
  });
  return urls;
}

interface ShownImage {
  src: string;
  naturalWidth: number;
  cssWidth: number;
  cssHeight: number;
  attrWidth: string | null;
  attrHeight: string | null;
  loading: string;
  fetchPriority: string;
  inPicture: boolean;
  sources: string[];
}

/** The catalogue images on the page (those of /media), as loaded. */
async function shownImages(page: Page): Promise<ShownImage[]> {
  return page.$$eval('img', (imgs) =>
    (imgs as HTMLImageElement[])
      .filter((img) => new URL(img.currentSrc || img.src, location.href).pathname.startsWith('/media/'))
      .map((img) => ({
        src: new URL(img.currentSrc || img.src, location.href).pathname,
        naturalWidth: img.naturalWidth,
        cssWidth: img.getBoundingClientRect().width,
        cssHeight: img.getBoundingClientRect().height,
        attrWidth: img.getAttribute('width'),
        attrHeight: img.getAttribute('height'),
        loading: img.loading,
        fetchPriority: img.getAttribute('fetchpriority') ?? '',
        inPicture: img.parentElement?.tagName === 'PICTURE',
        sources: Array.from(img.parentElement?.querySelectorAll('source') ?? []).map((s) => s.type),
      })),
  );
}

/** Bytes of the images the page loaded (performance resource entries, body as sent). */
function imageBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((e) => e.initiatorType === 'img')
      .reduce((sum, e) => sum + e.encodedBodySize, 0),
  );
}

/** Bytes of the home's image as the original file the API names (what an <img src> of it loaded before). */
async function originalBytes(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const res = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ latestVideo { thumbnailUrl } }' }) });
    const { data } = (await res.json()) as { data: { latestVideo: { thumbnailUrl: string } } };
    const img = new Image();
    img.src = data.latestVideo.thumbnailUrl;
    await img.decode();
    const url = new URL(img.src, location.href).href;
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => e.name === url);
    return entry?.encodedBodySize ?? 0;
  });
}

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.loading === 'lazy' || img.complete));
}

/** What every page's catalogue images must be: variants in AVIF/WebP, no wider than twice their box. */
function expectModernAndSized(images: ShownImage[], requested: string[]): void {
  for (const img of images) {
    expect(img.inPicture).toBe(true);
    expect(img.sources).toEqual(['image/avif', 'image/webp']);
    expect(img.attrWidth && img.attrHeight).toBeTruthy();
    if (img.naturalWidth === 0) continue; // lazy, not loaded yet
    expect(img.src).toMatch(/^\/media\/img\/(videos|pdfs)\/[^/]+\/\d+\.(avif|webp)$/);
    expect(img.naturalWidth).toBeLessThanOrEqual(2 * img.cssWidth);
  }
  const media = requested.filter((p) => p.startsWith('/media/'));
  // No original (full-size, signed) image is fetched; only AVIF/WebP variants.
  for (const path of media) expect(path).toMatch(/^\/media\/img\/(videos|pdfs)\/[^/]+\/\d+\.(avif|webp)$/);
}

describe('images on a phone', () => {
  it('the home: its image is an AVIF/WebP variant no wider than twice its box, fetched first, its box reserved', async () => {
    const { context, page } = await newVisitor(browser);
    const requested = recordImages(page);
    await page.goto('/');
    const premium = page.getByTestId('premium-video').locator('img');
    await premium.waitFor();
    await settle(page);
    const images = await shownImages(page);
    expect(images).toHaveLength(1);
    expect(images[0]!.naturalWidth).toBeGreaterThan(0);
    expect(images[0]!.fetchPriority).toBe('high');
    expect(images[0]!.loading).toBe('eager');
    // The 16:9 box: its height follows from its width before a byte arrives.
    expect(Math.abs(images[0]!.cssHeight - (images[0]!.cssWidth * 9) / 16)).toBeLessThan(1.5);
    expectModernAndSized(images, requested);
    expect(requested.filter((p) => p.startsWith('/media/'))).toHaveLength(1);

    const after = await imageBytes(page);
    const loaded = requested.filter((p) => p.startsWith('/media/')).join(', ');
    // What the page cost before issue 11: the same image as the API's original file (the old <img src>).
    const before = await originalBytes(page);
    console.log(`home at 390 px (1 dppx): images ${after} bytes now (${loaded}), ${before} bytes as the original file`);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before / 2);
    await premium.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('images-home-390.png') });
    await context.close();
  });

  it('the home on a 2 dppx phone: the variant matches the screen’s pixels, still far lighter than the original', async () => {
    const context = await browser.newContext({ baseURL: stack.url, locale: 'fr-FR', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const requested = recordImages(page);
    await page.goto('/');
    await page.getByTestId('premium-video').locator('img').waitFor();
    await settle(page);
    const [img] = await shownImages(page);
    expect(img!.src).toMatch(/^\/media\/img\/videos\/[^/]+\/\d+\.(avif|webp)$/);
    // The source is 640 px wide: asked at 960 for 358 CSS px × 2, never enlarged.
    expect(img!.naturalWidth).toBeLessThanOrEqual(2 * 2 * img!.cssWidth);
    const after = await imageBytes(page);
    const loaded = requested.filter((p) => p.startsWith('/media/')).join(', ');
    const before = await originalBytes(page);
    console.log(`home at 390 px (2 dppx): images ${after} bytes now (${loaded}), ${before} bytes as the original file`);
    expect(after).toBeLessThan(before);
    await context.close();
  });

  it('/actualites and an article: only variants, the cover at the width displayed', async () => {
    const { context, page } = await newVisitor(browser);
    const requested = recordImages(page);
    await page.goto('/actualites');
    await page.getByTestId('article-card').first().waitFor();
    await settle(page);
    expectModernAndSized(await shownImages(page), requested);

    await page.getByTestId('article-card').first().getByRole('link').first().click();
    await page.waitForURL(/\/actualites\/[0-9a-f-]+$/);
    await page.locator('article img, main img').first().waitFor();
    await settle(page);
    const images = await shownImages(page);
    expect(images.length).toBeGreaterThanOrEqual(1);
    expect(images[0]!.naturalWidth).toBeGreaterThan(0);
    expectModernAndSized(images, requested);
    await page.screenshot({ path: shotPath('images-article-390.png') });
    await context.close();
  });

  it('a catalogue list: the cards below the fold are not requested before the visitor scrolls to them', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Connexion' });
    await form.getByLabel('Email').fill(stack.demo.customer.email);
    await form.getByLabel('Mot de passe', { exact: true }).fill(stack.demo.customer.password);
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname !== '/auth');

    const requested = recordImages(page);
    await page.goto('/videos');
    await page.getByTestId('video-card').first().locator('img').waitFor();
    await settle(page);
    const cards = await page.getByTestId('video-card').evaluateAll((els) =>
      els.map((el) => {
        const img = el.querySelector('img')!;
        const variant = img.parentElement!.querySelector('source[type="image/webp"]')!.getAttribute('srcset')!;
        return { top: img.getBoundingClientRect().top, base: variant.split(' ')[0]!.replace(/\/\d+\.webp$/, '') };
      }),
    );
    const fold = await page.evaluate(() => innerHeight);
    const far = cards.filter((c) => c.top > fold + LAZY_MARGIN_PX);
    expect(far.length).toBeGreaterThan(0);
    const fetched = (base: string) => requested.some((p) => p.startsWith(`${base}/`));
    for (const c of far) expect([c.base, fetched(c.base)]).toEqual([c.base, false]);
    // The first card is on screen: fetched at once.
    expect(fetched(cards[0]!.base)).toBe(true);
    expectModernAndSized(await shownImages(page), requested);

    // Scrolled to, each arrives, at its size.
    for (const c of far) {
      await page.evaluate((top) => scrollTo(0, top - 200), c.top);
      await page.waitForFunction((base) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname.startsWith(`${base}/`)), c.base);
    }
    await settle(page);
    expectModernAndSized(await shownImages(page), requested);
    await context.close();
  });
});
