import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, newVisitor } from './harness';

/**
 * Issue 11 §4: a dropped connection shows the last content with 'Hors ligne' (the service worker of
 * the production build), never the browser's error page; queries retry, mutations are never replayed.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const shots = join(__dirname, '..', '..', '.data', 'e2e', 'screens');

/** Waits until the service worker is active and controls the page (a reload after the first visit). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

const notice = (page: Page) => page.getByTestId('offline-notice');

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
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, 'offline-home.png') });

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

describe('a mutation that fails on the network', () => {
  it('is sent once, never replayed', async () => {
    const { context, page } = await newVisitor(browser, { serviceWorkers: 'allow' });
    await page.goto('/about');
    await page.getByTestId('site-footer').waitFor();
    await controlledBySw(page);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().endsWith('/graphql') && (req.postData() ?? '').includes('SubscribeNewsletter')) sent.push(req.url());
    });
    await context.setOffline(true);
    const footer = page.getByTestId('site-footer');
    await footer.getByLabel('Adresse e-mail pour la newsletter').fill('hors.ligne@exemple.test');
    await footer.getByRole('button', { name: 'OK' }).click();
    // Longer than every retry the link would make for a query (300 ms → 5 s, 4 tries).
    await page.waitForTimeout(8_000);
    expect(sent).toHaveLength(1);
    await context.setOffline(false);
    await context.close();
  }, 60_000);
});
