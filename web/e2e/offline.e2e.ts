import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newVisitor, shotPath } from './harness';

/**
 * Issue 11 §4: a dropped connection shows the last content with 'Hors ligne' (the service worker of
 * the production build), never the browser's error page; queries retry, mutations are never replayed.
 */
const browser = browserForFile();

/** Waits until the service worker is active and controls the page (a reload after the first visit). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** A visitor whose page the site's service worker controls, on /about (the footer drawn). */
async function visitorUnderWorker(): Promise<{ context: BrowserContext; page: Page }> {
  const visitor = await newVisitor(browser, { serviceWorkers: 'allow' });
  await visitor.page.goto('/about');
  await visitor.page.getByTestId('site-footer').waitFor();
  await controlledBySw(visitor.page);
  return visitor;
}

const notice = (page: Page) => page.getByTestId('offline-notice');

/** The first news title the worker keeps for the list's first page (null when it keeps none). */
async function keptNewsTitle(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const cache = await caches.open('lbf-data-v1');
    const key = (await cache.keys()).find((request) => request.url.includes('/__lbf-graphql/NewsPage'));
    const answer = key ? ((await (await cache.match(key))!.json()) as { data?: { articles?: { items?: Array<{ title: string }> } } }) : null;
    return answer?.data?.articles?.items?.[0]?.title ?? null;
  });
}

/** Waits (10 s at most) until the worker keeps the news list; returns its first title. */
async function waitForKeptNews(page: Page): Promise<string | null> {
  let kept: string | null = null;
  for (let tries = 0; tries < 50 && kept === null; tries += 1) {
    kept = await keptNewsTitle(page);
    if (kept === null) await page.waitForTimeout(200);
  }
  return kept;
}

describe('with the network cut after a first visit', () => {
  it('shows the last home, news list and article with ‘Hors ligne’, then drops the notice once back online', async () => {
    const { context, page } = await newVisitor(browser, { serviceWorkers: 'allow' });
    await page.goto('/');
    await page.getByTestId('hero-title').waitFor();
    await controlledBySw(page);
    const heroTitle = await page.getByTestId('hero-title').innerText();

    await page.goto('/actualites');
    const cards = page.getByTestId('article-card');
    await cards.first().waitFor();
    const firstCard = await cards.first().getByRole('heading').innerText();
    // The app has run on this page (the list it was rendered with is handed to the worker); a tap
    // before that leaves by a plain link, and then only the page's HTML copy is kept, not its answers.
    expect(await waitForKeptNews(page)).not.toBeNull();
    await cards.first().getByRole('link').first().click();
    await page.waitForURL(/\/actualites\/[^/]+$/);
    const articleTitle = await page.getByTestId('article-title').innerText();
    const articleUrl = page.url();
    expect(await notice(page).count()).toBe(0);

    await context.setOffline(true);

    // A full reload of the article: the service worker's last copy, marked as such, never Chromium's error page.
    const reloaded = await page.reload();
    expect(reloaded?.headers()['x-lbf-offline-copy']).toBe('1');
    await notice(page).waitFor();
    expect(await notice(page).innerText()).toContain('Hors ligne');
    expect(await notice(page).innerText()).toContain('Vous consultez la dernière version enregistrée.');
    expect(await page.getByTestId('article-title').innerText()).toBe(articleTitle);
    expect(page.url()).toBe(articleUrl);

    // Moving inside the app: the news list from the last answer kept.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Actualités' }).click();
    await page.waitForURL((url) => url.pathname === '/actualites');
    await page.getByTestId('article-card').first().waitFor();
    expect(await page.getByTestId('article-card').first().getByRole('heading').innerText()).toBe(firstCard);
    await notice(page).waitFor();

    // A typed address: the home as it was.
    await page.goto('/');
    await page.getByTestId('hero-title').waitFor();
    expect(await page.getByTestId('hero-title').innerText()).toBe(heroTitle);
    await notice(page).waitFor();
    await page.screenshot({ path: shotPath('offline-home.png') });

    // A public page never seen: the app's shell and its own message, not the browser's error page.
    await page.goto('/faq');
    await page.getByTestId('site-footer').waitFor();
    await notice(page).waitFor();

    await context.setOffline(false);
    await notice(page).waitFor({ state: 'detached' });
    await page.goto('/actualites');
    await page.getByTestId('article-card').first().waitFor();
    expect(await notice(page).count()).toBe(0);
    await context.close();
  }, 90_000);
});

describe('a server-rendered page read once', () => {
  // Its browser hydrates from the server's answers and may never fetch them: the app hands them to
  // the service worker, so they are there when the connection drops (src/lib/offline/seen-answers.ts).
  it('leaves the worker the news list it was rendered with', async () => {
    const { context, page } = await visitorUnderWorker();
    await page.evaluate(() => caches.delete('lbf-data-v1'));
    await page.goto('/actualites');
    const firstCard = await page.getByTestId('article-card').first().getByRole('heading').innerText();
    const kept = await waitForKeptNews(page);
    // The card's title is typeset (no-break spaces before : ; ! ?): compared without any spaces.
    expect((kept ?? '').replace(/\s+/g, '')).toBe(firstCard.replace(/\s+/g, ''));
    await context.close();
  }, 60_000);
});

describe('a mutation that fails on the network', () => {
  it('is sent once, never replayed', async () => {
    const { context, page } = await visitorUnderWorker();
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/graphql') && (req.postData() ?? '').includes('SubscribeNewsletter')) sent.push(req.url());
    });
    const footer = page.getByTestId('site-footer');
    // The page came rendered by the server; a tap on the field makes it live (lib/hydrate-when-needed),
    // as a person taps before typing. Only the live app sends the mutation whose retries are checked.
    await footer.getByLabel('Adresse e-mail pour la newsletter').click();
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await context.setOffline(true);
    await footer.getByLabel('Adresse e-mail pour la newsletter').fill('hors.ligne@exemple.test');
    await footer.getByRole('button', { name: 'OK' }).click();
    // Longer than every retry the link would make for a query (300 ms → 5 s, 4 tries).
    await page.waitForTimeout(8_000);
    expect(sent).toHaveLength(1);
    await context.setOffline(false);
    await context.close();
  }, 60_000);
});
