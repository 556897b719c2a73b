import type { Page } from 'playwright-core';
import { browserForFile, newVisitor, shotPath, signInAsAdmin } from './harness';
import { sendContactMessage } from './messaging-support';

/**
 * The top bar's bell against the real stack: a visitor's contact message raises messaging's
 * admin alert, analytics counts it and pushes the new total through its subscription, and the
 * administrator's open page shows it without a reload; the item leads to the message in the contact inbox.
 */

/** The bell's count as drawn: the badge's number, 0 when there is no badge. */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('admin-bell-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.innerText());
}

const browser = browserForFile();

test('the bell’s count goes up live when a visitor sends a contact message, and its item leads to the contact inbox', async () => {
  const { context, page } = await newVisitor(browser, { mobile: false });
  try {
    await signInAsAdmin(page);
    const bell = page.getByTestId('admin-bell');
    await bell.waitFor();
    // The first value has arrived (the label names the count) and the live push is connected.
    await page.waitForFunction(() => /^Notifications, /.test(document.querySelector('[data-testid="admin-bell"]')?.getAttribute('aria-label') ?? ''));
    await page.waitForLoadState('networkidle');
    const before = await bellCount(page);
    // A marker that a reload would wipe.
    await page.evaluate(() => Object.assign(window, { __noReload: true }));

    const name = `Visiteur ${Date.now().toString(36)}`;
    await sendContactMessage({ name, message: 'Bonjour, proposez-vous des guides sur les plantes contre la fatigue ?' });

    await page.waitForFunction(
      (expected: number) => Number(document.querySelector('[data-testid="admin-bell-count"]')?.textContent ?? '0') >= expected,
      before + 1,
      { timeout: 20_000 },
    );
    // Other browser tests may raise alerts meanwhile: at least ours.
    const after = await bellCount(page);
    expect(after).toBeGreaterThan(before);
    expect(await bell.getAttribute('aria-label')).toBe(`Notifications, ${after} nouvelle${after > 1 ? 's' : ''}`);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

    await bell.click();
    const menu = page.getByTestId('admin-bell-menu');
    // Our message's item: opening another test's message would mark it read.
    const item = menu.locator('[data-testid="admin-bell-item"][data-kind="CONTACT"]').filter({ hasText: `Nouveau message de ${name}` });
    await item.waitFor();
    expect(await item.getAttribute('href')).toMatch(/^\/admin\/contact\?message=[0-9a-f-]{36}$/);
    expect(await item.locator('time').innerText()).toMatch(/à l'instant|il y a/);
    await page.screenshot({ path: shotPath('admin-bell-1280.png') });
    await item.click();
    await page.waitForURL('**/admin/contact?message=**');
    await page.getByRole('dialog').getByRole('heading', { name }).waitFor();
    await page.getByTestId('data-row').filter({ hasText: name }).waitFor();
  } finally {
    await context.close();
  }

  // At 390 px: the bell and its menu fit the screen.
  const phone = await newVisitor(browser, { mobile: true });
  try {
    await signInAsAdmin(phone.page);
    await phone.page.getByTestId('admin-bell').click();
    const menu = phone.page.getByTestId('admin-bell-menu');
    await menu.waitFor();
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: shotPath('admin-bell-390.png') });
  } finally {
    await phone.context.close();
  }
}, 90_000);
