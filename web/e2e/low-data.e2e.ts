import type { Page } from 'playwright-core';
import { browserForFile, newVisitor, shotPath, signIn, stack } from './harness';
import { readyDemoVideo } from './support/videos';

/**
 * Issue 11 §5: the low-data mode ('Mode économie de données'), in the footer and the account menu,
 * kept across visits, on by default when the browser asks to save data, and turning the player's
 * data saver on.
 */
const browser = browserForFile();

const footerSwitch = (page: Page) => page.getByTestId('site-footer').getByRole('switch', { name: /Mode économie de données/ });

/**
 * A tap on the footer's switch once the footer has stopped moving. The home's lower sections are
 * laid out only when they come near the screen (`below-first-screen`, content-visibility), so the
 * jump to the footer moves it once more, by what their real heights add to their estimates (the
 * testimonials on a phone: about 350 px). A tap in that frame is pressed on the switch and released
 * on what took its place, and the browser sends the click to neither: the flake seen under load.
 */
async function tapFooterSwitch(page: Page): Promise<void> {
  await footerSwitch(page).scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let last = Number.NaN;
        let same = 0;
        const tick = () => {
          const top = document.querySelector('[data-testid="site-footer"]')!.getBoundingClientRect().top;
          same = top === last ? same + 1 : 0;
          last = top;
          if (same >= 2) resolve(true);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
  await footerSwitch(page).click();
}

/**
 * The switch says `checked` once the tap has been answered: a visitor's page becomes live on its
 * first tap (src/lib/hydrate-when-needed.ts), which is held and replayed a moment later.
 */
async function switchSays(page: Page, checked: 'true' | 'false'): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('[data-testid="low-data-switch"]')?.getAttribute('aria-checked') === want, checked);
}

/** The visitor turns the mode off in the footer; after a reload the footer's switch still says off. */
async function turnOffAndExpectKept(page: Page): Promise<void> {
  await tapFooterSwitch(page);
  await switchSays(page, 'false');
  await page.reload();
  await footerSwitch(page).waitFor();
  expect(await footerSwitch(page).getAttribute('aria-checked')).toBe('false');
}

describe('the low-data switch', () => {
  it('is off by default, and the visitor’s choice in the footer survives reloads', async () => {
    const { context, page } = await newVisitor(browser);
    await page.goto('/about');
    const toggle = footerSwitch(page);
    await toggle.waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await tapFooterSwitch(page);
    await switchSays(page, 'true');
    await toggle.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('low-data-footer.png') });

    await page.reload();
    await footerSwitch(page).waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="low-data-switch"]')?.getAttribute('aria-checked') === 'true');
    // The server renders the chosen mode too (the choice's cookie): the HTML, before any script.
    const html = await (await page.request.get('/actualites', { headers: { accept: 'text/html' } })).text();
    expect(/<[^>]*data-testid="low-data-switch"[^>]*>/.exec(html)?.[0]).toContain('aria-checked="true"');
    await page.goto('/actualites');
    expect(await footerSwitch(page).getAttribute('aria-checked')).toBe('true');

    await turnOffAndExpectKept(page);
    await context.close();
  });

  it('is on by default when the browser asks to save data, until the visitor turns it off', async () => {
    const { context, page } = await newVisitor(browser);
    // Chromium's Save-Data: the header to the server, navigator.connection.saveData to the page.
    await context.setExtraHTTPHeaders({ 'Save-Data': 'on' });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true, effectiveType: '4g' } });
    });
    await page.goto('/');
    await page.waitForFunction(() => document.querySelector('[data-testid="low-data-switch"]')?.getAttribute('aria-checked') === 'true');
    await turnOffAndExpectKept(page);
    await context.close();
  });
});

describe('a signed-in customer', () => {
  it('finds the switch in the account menu, and the player starts with its data saver on in low-data mode', async () => {
    // A demo video with a streaming ladder: the options under the player show only then.
    const { id: videoId } = await readyDemoVideo({ preview: false });
    const { context, page } = await newVisitor(browser, { mobile: false });
    // The player's own last choice was 'off': the low-data mode still starts it with the saver on.
    await context.addInitScript(() => window.localStorage.setItem('lbf_data_saver', '0'));
    await signIn(page, stack.demo.customer.email, stack.demo.customer.password);
    await page.waitForURL('**/dashboard');

    await page.goto(`/videos/${videoId}`);
    const saver = page.getByTestId('data-saver');
    await saver.waitFor();
    expect(await saver.getAttribute('aria-checked')).toBe('false');

    await page.getByTestId('account-menu').click();
    const item = page.getByRole('menuitemcheckbox', { name: 'Mode économie de données' });
    expect(await item.getAttribute('aria-checked')).toBe('false');
    await item.click();
    // The menu stays open, the entry checked; the footer follows.
    expect(await item.getAttribute('aria-checked')).toBe('true');
    await page.screenshot({ path: shotPath('low-data-account-menu.png') });
    await page.keyboard.press('Escape');
    expect(await footerSwitch(page).getAttribute('aria-checked')).toBe('true');

    await page.reload();
    await saver.waitFor();
    expect(await saver.getAttribute('aria-checked')).toBe('true');
    await context.close();
  }, 300_000);
});
