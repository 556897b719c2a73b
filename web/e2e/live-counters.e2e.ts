import type { Browser } from 'playwright-core';
import { launchBrowser, newVisitor } from './harness';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

function counter(page: import('playwright-core').Page, label: string) {
  return page.getByTestId(`counter-${label}`);
}

it('the home’s visits-today counter moves live in a second tab when someone else visits', async () => {
  const first = await newVisitor(browser, { mobile: false });
  await first.page.goto('/');
  const visits = counter(first.page, 'visits-today');
  await visits.waitFor();
  const readNumber = async () => Number((await visits.innerText()).replace(/\D/g, ''));
  // Wait for the live subscription to deliver a number (not the '—' placeholder).
  await first.page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="counter-visits-today"]')?.textContent ?? ''));
  const before = await readNumber();

  const second = await newVisitor(browser);
  await second.page.goto('/a-propos-inexistant');
  await second.page.getByText('Oops! Page not found').waitFor();

  await first.page.waitForFunction(
    (n) => Number((document.querySelector('[data-testid="counter-visits-today"]')?.textContent ?? '').replace(/\D/g, '')) > n,
    before,
    { timeout: 5000 },
  );
  expect(await readNumber()).toBeGreaterThan(before);
  await first.context.close();
  await second.context.close();
});
