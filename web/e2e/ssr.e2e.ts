import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserForFile, graphqlOperation, newVisitor, signIn, stack } from './harness';

/**
 * Server-rendered public pages (issue 11): readable with JavaScript off, links that work without
 * it, and a hydration that adopts what the server sent. The app runs on Preact (web/vite.config.ts),
 * which patches a mismatch silently rather than reporting it: the test notes the server's elements
 * before the app's script runs and checks that hydration kept every one of them, also while the
 * page's own chunk is still on its way, and that ids written by the server are the browser's too.
 */

const browser = browserForFile();

async function withoutJavaScript(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL: stack.url, locale: 'fr-FR', javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  return { page, close: () => context.close() };
}

/** A promise released by hand: holds a request back until the test lets it go. */
function gate(): { held: Promise<void>; release(): void } {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

/**
 * The server's elements (noted before the app ran) that are no longer in the page, except the
 * sign-in slot, which the visitor's session replaces by design once it is known, and the contact
 * form's placeholder, which the form replaces once the page is live.
 */
async function thrownAway(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { ssrElements: Element[] }).ssrElements
      .filter((el) => !el.isConnected && !el.closest('[data-testid="auth-slot"], [data-testid="auth-placeholder"], [data-testid="contact-form-loading"]'))
      .slice(0, 5)
      .map((el) => `<${el.tagName.toLowerCase()} ${el.getAttribute('data-testid') ?? el.getAttribute('class') ?? ''}> ${(el.textContent ?? '').slice(0, 40)}`),
  );
}

const HYDRATION_PROBLEM = /hydrat|did not match|didn't match|server rendered|recoverable|Minified React error #(418|419|423|425)/i;

describe('with JavaScript disabled', () => {
  it('shows the home, the news list and an article, and their links navigate', async () => {
    const { page, close } = await withoutJavaScript();
    try {
      const home = await page.goto('/');
      expect(home!.status()).toBe(200);
      await page.getByTestId('hero-title').waitFor();
      expect((await page.getByTestId('hero-title').innerText()).trim().length).toBeGreaterThan(0);
      // Counters are in the HTML already (they update live once JavaScript runs).
      expect(await page.getByTestId('counter-visits-today').innerText()).toMatch(/\d/);

      // The footer's link to the news (the mobile menu needs JavaScript; plain links do not).
      await page.getByTestId('site-footer').getByRole('link', { name: 'Actualités' }).click();
      // The new page is in once its HTML is (commit), not once every image is: a first request for an
      // image's size is made by the catalogue then, which a busy machine can take seconds over.
      await page.waitForURL('**/actualites', { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.title()).toBe('Actualités | LBF');

      const firstArticle = page.locator('main a[href^="/actualites/"]').first();
      await firstArticle.waitFor();
      const href = await firstArticle.getAttribute('href');
      await firstArticle.click();
      await page.waitForURL(`**${href}`, { waitUntil: 'commit' });
      const heading = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      expect(heading.length).toBeGreaterThan(0);
      const spaces = (text: string) => text.replace(/\s+/g, ' ');
      expect(spaces(await page.title())).toBe(spaces(`${heading} | LBF`));
      const body = page.getByTestId('article-body');
      await body.waitFor();
      expect((await body.innerText()).trim().length).toBeGreaterThan(50);
      expect(spaces((await page.locator('meta[property="og:title"]').getAttribute('content')) ?? '')).toBe(spaces(heading));

      // Back to the home through the logo link.
      await page.getByTestId('site-header').getByRole('link', { name: /accueil/i }).first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('hero-title').waitFor();
    } finally {
      await close();
    }
  });

  // What a tap does in the seconds before a slow phone has run the JavaScript.
  it('filters and searches the news with plain forms', async () => {
    const { page, close } = await withoutJavaScript();
    try {
      await page.goto('/actualites');
      await page.getByTestId('article-card').first().waitFor();
      await page.getByRole('button', { name: 'Sommeil', exact: true }).click();
      await page.waitForURL(/category=sleep/);
      const cards = page.getByTestId('article-card');
      await cards.first().waitFor();
      for (const text of await cards.allInnerTexts()) expect(text).toContain('Sommeil');
      expect(await page.getByRole('button', { name: 'Sommeil', exact: true }).getAttribute('aria-pressed')).toBe('true');

      // Enter in the search box keeps the category chosen.
      await page.getByRole('searchbox', { name: 'Rechercher un article' }).fill('xylophone');
      await page.getByRole('searchbox', { name: 'Rechercher un article' }).press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === 'xylophone' && url.searchParams.get('category') === 'sleep');
      await page.getByText('Aucun article trouvé').waitFor();

      // « Tout » drops the category and keeps the search.
      await page.getByRole('button', { name: 'Tout', exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has('category') && url.searchParams.get('q') === 'xylophone');
    } finally {
      await close();
    }
  });

  /**
   * Where each element is and how it is painted (the properties a critical CSS could get wrong),
   * with JavaScript off, either as the first paint has it (the stylesheet, which the server puts at
   * the end of <body>, held back: only the critical CSS inlined in <head> applies) or once the
   * stylesheet has loaded. Animated properties are left out (the skeletons pulse).
   */
  const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

  async function painted(path: string, viewport: { width: number; height: number }, stylesheet: 'held' | 'loaded') {
    const context = await browser.newContext({ baseURL: stack.url, locale: 'fr-FR', javaScriptEnabled: false, viewport });
    try {
      const page = await context.newPage();
      // Every picture is one transparent pixel in both captures: the boxes come from the markup's
      // width and height, and the server is not asked for a fresh variant of each image at each width
      // (its first encoding of each was most of this test's time on a busy machine).
      await page.route(
        (url) => url.pathname.startsWith('/media/'),
        (route) => (route.request().resourceType() === 'image' ? route.fulfill({ status: 200, contentType: 'image/png', body: PIXEL }) : route.continue()),
      );
      if (stylesheet === 'held') await page.route(/\/assets\/[^?]+\.css(\?|$)/, () => undefined);
      await page.goto(path, { waitUntil: stylesheet === 'held' ? 'commit' : 'load' });
      await page.getByTestId('site-footer').waitFor({ state: 'attached' });
      return await page.evaluate(() => {
        const props = ['display', 'visibility', 'color', 'background-color', 'background-image', 'border-top-width', 'border-right-width', 'border-bottom-width', 'border-left-width', 'border-top-style', 'border-bottom-style', 'border-top-color', 'border-radius', 'box-shadow', 'outline-style', 'font-family', 'font-size', 'font-weight', 'line-height', 'letter-spacing', 'text-align', 'text-decoration-line', 'text-transform', 'white-space', 'overflow-x', 'opacity', 'transform', 'rotate', 'scale', 'fill', 'stroke', 'object-fit'];
        const sheets = [...document.styleSheets].map((s) => (s.href ? 'link' : 'inline'));
        const elements = [...document.body.querySelectorAll('*')].map((el) => {
          const style = getComputedStyle(el);
          const animated = style.animationName !== 'none';
          const r = el.getBoundingClientRect();
          const paint = props.filter((p) => !(animated && ['opacity', 'transform', 'rotate', 'scale'].includes(p))).map((p) => `${p}:${style.getPropertyValue(p)}`);
          return { element: `<${el.tagName.toLowerCase()} ${String(el.getAttribute('class') ?? '').slice(0, 60)}>`, values: [`box:${[r.x, r.y, r.width, r.height].map((n) => n.toFixed(1)).join(',')}`, ...paint] };
        });
        return { sheets, elements };
      });
    } finally {
      await context.close();
    }
  }

  // One test per page (both widths), each page's two captures at once.
  it.each(['/', '/actualites', 'article', '/about', '/faq'])('looks at first paint on %s, with the critical CSS the server inlined, as it does with the whole stylesheet', async (which) => {
    let path = which;
    if (which === 'article') {
      const page = await withoutJavaScript();
      await page.page.goto('/actualites');
      path = (await page.page.locator('main a[href^="/actualites/"]').last().getAttribute('href')) ?? '';
      await page.close();
    }
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const [first, loaded] = await Promise.all([painted(path, viewport, 'held'), painted(path, viewport, 'loaded')]);
      // The first paint had the inline CSS only; afterwards the stylesheet applies too.
      expect(first.sheets).toEqual(['inline']);
      expect(loaded.sheets).toEqual(['inline', 'link']);
      expect(first.elements.length).toBeGreaterThan(50);
      expect(first.elements.map((e) => e.element)).toEqual(loaded.elements.map((e) => e.element));
      // Each element whose box or paint differs, with what differs (first paint -> stylesheet loaded).
      const differences = first.elements
        .map((e, i) => ({ element: e.element, changed: e.values.filter((v, j) => v !== loaded.elements[i]!.values[j]).map((v) => `${v} -> ${loaded.elements[i]!.values[e.values.indexOf(v)]!.replace(/^[^:]+:/, '')}`) }))
        .filter((e) => e.changed.length > 0)
        // What is painted differently first: the boxes that moved follow from it.
        .sort((a, b) => Number(b.changed.some((c) => !c.startsWith('box:'))) - Number(a.changed.some((c) => !c.startsWith('box:'))));
      expect({ path, width: viewport.width, differences: differences.slice(0, 5) }).toEqual({ path, width: viewport.width, differences: [] });
    }
  });

  it('shows the not-found page for an unknown path, with status 404', async () => {
    const { page, close } = await withoutJavaScript();
    try {
      const res = await page.goto('/cette-page-n-existe-pas');
      expect(res!.status()).toBe(404);
      await page.getByText('Oops! Page not found').waitFor();
    } finally {
      await close();
    }
  });
});

describe('with JavaScript', () => {
  let articlePath = '';
  beforeAll(async () => {
    const { page, close } = await withoutJavaScript();
    await page.goto('/actualites');
    // The oldest article of the first page, a seeded one: the newest may be one an administrator's
    // test (admin-catalogue.e2e.ts, running beside this one) has just published and is about to delete.
    articlePath = (await page.locator('main a[href^="/actualites/"]').last().getAttribute('href')) ?? '';
    await close();
    expect(articlePath).toMatch(/^\/actualites\/.+/);
  });

  /**
   * Loads a server-rendered page and reports what went wrong with hydration: console errors, and
   * server elements the browser's render threw away (checked while the page's lazy chunk is held
   * back, then once everything has loaded).
   */
  async function load(path: string): Promise<{ page: Page; problems: string[]; close(): Promise<void> }> {
    const { context, page } = await newVisitor(browser);
    const problems: string[] = [];
    page.on('console', (msg) => {
      if ((msg.type() === 'error' || msg.type() === 'warning') && HYDRATION_PROBLEM.test(msg.text())) problems.push(`${msg.type()}: ${msg.text()}`);
    });
    // Errors of the app's own scripts (the harness's init script also runs in the contact page's
    // map frame, where storage is refused: not this page's concern).
    page.on('pageerror', (err) => {
      if (HYDRATION_PROBLEM.test(err.message) || (err.stack ?? '').includes('/assets/')) problems.push(`pageerror: ${err.message}`);
    });
    const entry = gate();
    const pageChunk = gate();
    const pageChunkAsked = gate();
    let lazyPage = false;
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await entry.held;
      await route.continue();
    });
    await page.route(/\/assets\/[\w-]+-page-[\w-]+\.js$/, async (route) => {
      lazyPage = true;
      pageChunkAsked.release();
      await pageChunk.held;
      await route.continue();
    });
    // The server renders this address once before: what the test gets is then a render made with
    // the page's chunk already loaded on the server, what every visitor but the first one gets.
    await page.request.get(`${path}?warm=1`);
    const navigation = page.goto(path);
    await page.getByTestId('site-footer').waitFor({ state: 'attached' });
    await page.evaluate(() => {
      (window as unknown as { ssrElements: Element[] }).ssrElements = Array.from(document.querySelectorAll('#root *'));
    });
    entry.release();
    // A visitor's page hydrates on the first sign the app is wanted (lib/hydrate-when-needed): a key
    // press that does nothing else. The page's chunk is fetched then; the hydrating render waits for it.
    await page.keyboard.press('Shift');
    await Promise.race([pageChunkAsked.held, page.waitForTimeout(3000)]);
    await page.waitForTimeout(500);
    if (lazyPage) problems.push(...(await thrownAway(page)).map((what) => `removed while the page's chunk loaded: ${what}`));
    pageChunk.release();
    const res = await navigation;
    expect(await res!.text()).toContain('id="lbf-ssr"');
    await page.waitForLoadState('networkidle');
    problems.push(...(await thrownAway(page)).map((what) => `removed by hydration: ${what}`));
    return { page, problems, close: () => context.close() };
  }

  /** The header's menu button opens the menu: the page is hydrated and answers. */
  async function menuOpens(page: Page): Promise<void> {
    const button = page.getByRole('button', { name: 'Ouvrir le menu' });
    await button.click();
    await page.getByTestId('mobile-menu').waitFor({ state: 'visible', timeout: 5000 });
  }

  it.each(['/', '/actualites', 'ARTICLE', '/about', '/faq', '/contact', '/terms', '/privacy', '/nulle-part'])(
    'hydrates %s without a mismatch and becomes interactive',
    async (which) => {
      const path = which === 'ARTICLE' ? articlePath : which;
      const { page, problems, close } = await load(path);
      try {
        await menuOpens(page);
        if (path === '/') {
          await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="counter-registered-users"]')?.textContent ?? ''));
        }
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it('opens a /faq question whose answer is labelled by that question (ids the server wrote)', async () => {
    const { page, problems, close } = await load('/faq');
    try {
      // The second question (the first is open from the start, rendered by the server).
      const second = page.locator('[data-testid^="faq-item-"]').nth(1);
      await second.getByRole('button').click();
      await second.getByRole('region').waitFor();
      // Preact's useId counts in render order: the question's id comes from the server's render, the
      // answer's aria-labelledby from the browser's; they agree only when both rendered in one order.
      const pairs = await page.evaluate(() =>
        Array.from(document.querySelectorAll('[role="region"][data-state="open"]')).map((region) => {
          const trigger = document.querySelector(`[aria-controls="${region.id}"]`);
          return { labelledBy: region.getAttribute('aria-labelledby'), triggerId: trigger?.id ?? null };
        }),
      );
      for (const pair of pairs) expect(pair.labelledBy).toBe(pair.triggerId);
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });

  it('navigates on the client after hydration and keeps the page meta in step', async () => {
    const { page, problems, close } = await load('/');
    try {
      await page.getByTestId('site-footer').getByRole('link', { name: 'Actualités' }).click();
      await page.waitForURL('**/actualites');
      await page.waitForFunction(() => document.title === 'Actualités | LBF');
      expect(problems).toEqual([]);
    } finally {
      await close();
    }
  });
});

/**
 * The home sells its latest video with three payment buttons. On a slow phone the page is on screen
 * seconds before its JavaScript has run, and the session a little later still: a tap in either
 * window must open the payment dialog, not be lost or answered 'Connexion requise'.
 */
describe('a payment tap before the page is ready', () => {
  async function signedInCustomer(): Promise<{ page: Page; close(): Promise<void> }> {
    const { context, page } = await newVisitor(browser, { mobile: false });
    await signIn(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL('**/dashboard');
    return { page, close: () => context.close() };
  }

  async function premiumTitle(page: Page): Promise<string> {
    return (await page.getByTestId('premium-video').getByRole('heading').innerText()).replace(/\u00a0/g, ' ');
  }

  async function expectDialogFor(page: Page, title: string): Promise<void> {
    const dialog = page.getByTestId('checkout-dialog');
    await dialog.getByRole('heading', { name: 'NotchPay' }).waitFor();
    expect((await dialog.getByTestId('checkout-item').innerText()).replace(/\u00a0/g, ' ')).toContain(title);
  }

  it('submits the button as a plain form with JavaScript off', async () => {
    const { page, close } = await withoutJavaScript();
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'NotchPay' }).click();
      await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('payer') === 'NOTCHPAY');
      await page.getByTestId('premium-video').waitFor();
    } finally {
      await close();
    }
  });

  it('opens the dialog for a signed-in customer who tapped before the JavaScript ran', async () => {
    const { page, close } = await signedInCustomer();
    try {
      const entry = gate();
      await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
        await entry.held;
        await route.continue().catch(() => {});
      });
      // 'commit': the module scripts held back would keep DOMContentLoaded from firing.
      await page.goto('/', { waitUntil: 'commit' });
      const title = await premiumTitle(page);
      await page.getByRole('button', { name: 'NotchPay' }).click({ noWaitAfter: true });
      await page.waitForURL((url) => url.searchParams.get('payer') === 'NOTCHPAY', { waitUntil: 'commit' });
      entry.release();
      await expectDialogFor(page, title);
      // The parameter is gone once used: a reload does not open the dialog again.
      expect(new URL(page.url()).searchParams.has('payer')).toBe(false);
    } finally {
      await close();
    }
  });

  it('waits for the session rather than asking a signed-in customer to sign in', async () => {
    const { page, close } = await signedInCustomer();
    try {
      const refresh = gate();
      const refreshAsked = gate();
      await page.route('**/graphql', async (route) => {
        if ((route.request().postData() ?? '').includes('RefreshSession')) {
          refreshAsked.release();
          await refresh.held;
        }
        await route.continue().catch(() => {});
      });
      await page.goto('/');
      // The session is asked for by an effect, so the page has hydrated once the request is seen.
      await refreshAsked.held;
      const title = await premiumTitle(page);
      await page.getByRole('button', { name: 'NotchPay' }).click();
      await page.waitForTimeout(300);
      expect(await page.getByText('Connexion requise').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe('/');
      refresh.release();
      await expectDialogFor(page, title);
    } finally {
      await close();
    }
  });

  it('sends a visitor whose tap came back as ?payer= to /auth with “Connexion requise”', async () => {
    const { context, page } = await newVisitor(browser);
    try {
      await page.goto('/?payer=ORANGE');
      await page.getByText('Connexion requise').waitFor();
      // Back to the same page with the method's dialog once signed in (useCheckout's return address).
      await page.waitForURL((url) => url.pathname === '/auth' && url.searchParams.get('next') === '/?payer=ORANGE');
    } finally {
      await context.close();
    }
  });
});

/**
 * Any other tap in the seconds before hydration: index.html's inline script holds it and the app
 * replays it once it has hydrated (src/lib/early-events.ts), instead of losing it or letting a form
 * the app handles go to the server as a GET that would drop what was typed.
 */
describe('a tap before hydration', () => {
  /** Opens `path` with the app's entry script held back (and the chunk `alsoHeld` names, until releaseToo). */
  async function withEntryHeld(path: string, alsoHeld?: RegExp): Promise<{ page: Page; release(): void; releaseToo(): void; close(): Promise<void> }> {
    const { context, page } = await newVisitor(browser);
    const entry = gate();
    const other = gate();
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await entry.held;
      await route.continue().catch(() => {});
    });
    if (alsoHeld) {
      await page.route(alsoHeld, async (route) => {
        await other.held;
        await route.continue().catch(() => {});
      });
    }
    await page.goto(path, { waitUntil: 'commit' });
    return { page, release: entry.release, releaseToo: other.release, close: () => context.close() };
  }

  it('opens the menu tapped before the JavaScript ran', async () => {
    const { page, release, close } = await withEntryHeld('/');
    try {
      await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
      await page.waitForTimeout(200);
      expect(await page.getByTestId('mobile-menu').isVisible()).toBe(false);
      release();
      await page.getByTestId('mobile-menu').waitFor({ state: 'visible' });
    } finally {
      await close();
    }
  });

  it('offers the contact form only once it can be sent, and answers it with its messages', async () => {
    // The form's own chunk arrives last: the page is live before it, and shows its placeholder.
    const { page, release, releaseToo, close } = await withEntryHeld('/contact', /\/assets\/contact-form-[\w-]+\.js$/);
    try {
      await page.getByTestId('contact-form-loading').waitFor();
      expect(await page.getByRole('button', { name: 'Envoyer le message' }).count()).toBe(0);
      release();
      // Live, the form on its way: its place is held.
      await page.getByRole('button', { name: 'Ouvrir le menu' }).waitFor();
      await page.waitForTimeout(500);
      await page.getByTestId('contact-form-loading').waitFor();
      releaseToo();
      const form = page.getByTestId('contact-form');
      await form.getByRole('button', { name: 'Envoyer le message' }).click();
      await form.getByText('Le nom doit contenir au moins 2 caractères').waitFor();
      await form.getByText('Vous devez accepter les conditions').waitFor();
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await close();
    }
  });
});

describe('a public page live when the app is wanted, without Apollo Client until then', () => {
  /** GraphQL operations the page posted, with whether each carried an access token. */
  function operationsOf(page: Page): Array<{ name: string; signedIn: boolean }> {
    const seen: Array<{ name: string; signedIn: boolean }> = [];
    page.on('request', (request) => {
      const name = graphqlOperation(request);
      if (name === null) return;
      seen.push({ name, signedIn: Boolean(request.headers().authorization) });
    });
    return seen;
  }

  it("leaves a reading visitor's home as the server sent it, then makes it live from the server's answers on a key press", async () => {
    const { context, page } = await newVisitor(browser);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const operations = operationsOf(page);
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      // Apollo Client's chunk, named first of those the page names for the service worker (vite-plugin-offline-code.ts).
      const apolloChunk = await page.locator('link[rel="lbf-app-code"]').first().evaluate((l) => new URL((l as HTMLLinkElement).href).pathname);
      expect(apolloChunk).toMatch(/^\/assets\/client-[\w-]+\.js$/);
      // The entry has run (the visit is counted, the session asked for), but a visitor who only
      // reads gets no hydration: nothing live on screen needs it (lib/hydrate-when-needed.ts).
      expect(scripts.some((path) => /^\/assets\/index-[\w-]+\.js$/.test(path))).toBe(true);
      await page.waitForTimeout(500);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      expect(operations.map((o) => o.name).sort()).toEqual(['RecordPageVisit', 'RefreshSession']);
      expect(scripts).not.toContain(apolloChunk);

      // A key press (the first sign the app is wanted) hydrates it from the server's answers: nothing
      // is asked again, and the visit is not counted twice.
      await page.keyboard.press('Shift');
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      expect(operations.map((o) => o.name).sort()).toEqual(['RecordPageVisit', 'RefreshSession']);
      expect(await page.getByTestId('premium-video').count()).toBe(1);

      // Client-side navigation now: the news list comes from the network, through Apollo Client. The
      // link is followed from the keyboard: a click aims at where the link was a frame ago, and the
      // home still settles (images, the live counters) on a busy machine.
      const news = page.getByRole('contentinfo').getByRole('link', { name: 'Actualités' });
      await news.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/actualites');
      await page.locator('[data-testid="article-card"]').first().waitFor();
      expect(scripts).toContain(apolloChunk);
      expect(operations.map((o) => o.name)).toContain('NewsPage');
      expect(operations.filter((o) => o.name === 'RecordPageVisit')).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  it("runs the start-up module alone for a visitor who has not touched the home: none of the app's code, its libraries or its own chunks", async () => {
    const { context, page } = await newVisitor(browser);
    try {
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const posted: Array<{ operationName?: string; query?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } }> = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/graphql')) posted.push(JSON.parse(request.postData() ?? '{}'));
      });
      const answers: Array<{ errors?: unknown }> = [];
      page.on('response', async (response) => {
        if (response.request().method() === 'POST' && response.url().endsWith('/graphql')) answers.push(await response.json().catch(() => ({ errors: 'unreadable' })));
      });
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      const named = (rel: string) =>
        page.locator(`link[rel="${rel}"]`).evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
      const [entry] = await named('lbf-module');
      const appModules = await named('lbf-modulepreload');
      // The app (start-app.tsx), Preact and the router, the home's chunk: named in the page, fetched once it is wanted.
      expect(appModules.some((path) => /^\/assets\/start-app-[\w-]+\.js$/.test(path))).toBe(true);
      expect(appModules.some((path) => /^\/assets\/home-page-[\w-]+\.js$/.test(path))).toBe(true);
      // Fetched: the entry, in one file (main.tsx and what it imports: the session, the visit, the
      // documents printed at build time), and the service worker's registration; nothing else.
      expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      const others = scripts.filter((path) => path !== entry && !/^\/assets\/register-[\w-]+\.js$/.test(path));
      expect(others).toEqual([]);
      expect(scripts).toContain(entry);
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      // The session refresh and the visit went out naming their registered documents by hash (trusted
      // documents, issue 24), hashed from the text printed at build time, fragments and all; the
      // server knew them at once (no text sent again).
      expect(posted.map((p) => p.operationName).sort()).toEqual(['RecordPageVisit', 'RefreshSession']);
      const refresh = posted.find((p) => p.operationName === 'RefreshSession')!;
      expect(refresh.query).toBeUndefined();
      const manifest = JSON.parse(readFileSync(join(__dirname, '..', 'dist-manifest', 'persisted-query-manifest.json'), 'utf8')) as { operations: Array<{ id: string; name: string; body: string }> };
      const registered = manifest.operations.find((op) => op.name === 'RefreshSession')!;
      expect(refresh.extensions?.persistedQuery?.sha256Hash).toBe(registered.id);
      for (const definition of ['mutation RefreshSession', 'fragment AuthResultFields on AuthResult', 'fragment SessionUser on User', 'fragment UserErrorFields on UserError']) {
        expect(registered.body).toContain(definition);
      }
      expect(answers.filter((a) => a.errors)).toEqual([]);

      // Wanted (a key press): the app's modules come then, and the page goes live.
      await page.keyboard.press('Shift');
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      expect(scripts.some((path) => /^\/assets\/start-app-[\w-]+\.js$/.test(path))).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('makes the home live when its live counters come near the screen', async () => {
    const { context, page } = await newVisitor(browser);
    try {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      expect(await page.locator('html[data-hydrated]').count()).toBe(0);
      // Scrolled by script: no touch or key press, only the counters coming into view.
      await page.evaluate(() => document.querySelector('[data-hydrate-on-view]')!.scrollIntoView());
      await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="counter-registered-users"]')?.textContent ?? ''));
    } finally {
      await context.close();
    }
  });

  it("asks for the home again as the customer once the session is known (the server's answer was a visitor's)", async () => {
    const { context, page } = await newVisitor(browser, { mobile: false });
    try {
      await signIn(page, stack.demo.customer.email, stack.demo.customer.password);
      await page.waitForURL('**/dashboard');
      const operations = operationsOf(page);
      await page.goto('/');
      await page.getByTestId('premium-video').waitFor();
      const askedAsCustomer = () => operations.filter((o) => o.name === 'HomePage' && o.signedIn).length;
      for (let waited = 0; askedAsCustomer() === 0 && waited < 10_000; waited += 100) await page.waitForTimeout(100);
      await page.waitForLoadState('networkidle');
      expect(askedAsCustomer()).toBe(1);
      // Only that query: the others (counters, footer links) are the same for everyone.
      expect(operations.filter((o) => o.name === 'HomeCounters' || o.name === 'FooterSocialLinks')).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
