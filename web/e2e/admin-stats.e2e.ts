import type { Locator, Page } from 'playwright-core';
import { browserForFile, newAdminVisitor, newVisitor, shotPath, signInAsAdmin, stack, tokenFor } from './harness';
import { MTN_SUCCESS, oldestUnownedVideo, startMtnCheckout, untilSettled } from './support/payments';

/*
 * The administrator's figures against the real stack: the demo customer buys a video with MTN
 * Mobile Money on the provider sandbox (56733123453 is paid at once), analytics records it from
 * commerce's event, and the dashboard's revenue chart and card, then the statistics page's best
 * sellers and conversion, show it. Then every admin page at 390 px: no sideways page scroll.
 */

interface OrderView {
  id: string;
  status: string;
  itemTitle: string;
  amount: { xaf: number };
}

const ORDER_FIELDS = 'id status itemTitle amount { xaf }';

/**
 * Reloads the page until `ready` holds: analytics records the sale from commerce's event a moment
 * after the payment settles. Fails with `what` after 30 s.
 */
async function untilShown(page: Page, what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`not shown within 30 s: ${what}`);
    await page.waitForTimeout(1000);
    await page.reload();
  }
}

/** '2 356 FCFA' → 2356 (French formats group digits with no-break spaces). */
function amountOf(text: string): number {
  return Number(text.replace(/[^\d,]/g, '').replace(',', '.'));
}

async function numberAttr(locator: Locator, name: string): Promise<number> {
  return Number((await locator.getAttribute(name)) ?? 'NaN');
}

const browser = browserForFile();
let sale: OrderView & { itemId: string };

beforeAll(async () => {
  // The demo customer buys the oldest video they do not own, and asks the provider until it settles.
  const token = await tokenFor(stack.demo.customer.email, stack.demo.customer.password);
  const video = await oldestUnownedVideo(token);
  const started = await startMtnCheckout<OrderView>(token, { itemId: video.id, itemType: 'VIDEO' }, MTN_SUCCESS, ORDER_FIELDS);
  const order = await untilSettled(token, started, ORDER_FIELDS);
  if (order.status !== 'COMPLETED') throw new Error(`the order did not complete: ${JSON.stringify(order)}`);
  sale = { ...order, itemId: video.id };
}, 90_000);

describe('an administrator reads the figures after a sale', () => {
  it("sees the day's revenue on the dashboard's chart, in FCFA, and the revenue card", async () => {
    const { context, page } = await newAdminVisitor(browser);
    try {
      const chart = page.getByTestId('chart-revenue');
      await untilShown(page, "today's revenue on the chart", async () => {
        await chart.and(page.locator('[data-state="chart"]')).waitFor({ timeout: 5_000 });
        return (await numberAttr(chart, 'data-today')) >= sale.amount.xaf;
      });

      // recharts drew bars (its own lazy chunk); the one with a height is today's, at the right end.
      const bars = chart.locator('path.recharts-rectangle');
      await bars.first().waitFor();
      const geometry = await chart.evaluate((card) => {
        const surface = card.querySelector('.recharts-wrapper')!.getBoundingClientRect();
        return [...card.querySelectorAll('path.recharts-rectangle')].map((bar) => {
          const box = bar.getBoundingClientRect();
          return { height: box.height, rightShare: (box.right - surface.left) / surface.width };
        });
      });
      const drawn = geometry.filter((bar) => bar.height > 0);
      expect(drawn.length).toBeGreaterThan(0);
      // Every sale of this fresh stack happened today: the last bar, at the right of the chart.
      expect(Math.max(...drawn.map((bar) => bar.rightShare))).toBeGreaterThan(0.9);
      expect(await chart.innerText()).toMatch(/Revenus : [1-9][\d\s\u202f]* FCFA au total/);

      // The French tooltip on today's bar.
      const last = bars.last();
      await last.hover();
      const tooltip = chart.getByTestId('chart-tooltip');
      await tooltip.waitFor();
      const now = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Douala' }).format(new Date());
      expect((await tooltip.innerText()).toLowerCase()).toContain(now.toLowerCase());
      expect(await tooltip.innerText()).toMatch(/Revenus\s+[1-9][\d\s\u202f]* FCFA/);

      // The revenue card: whole FCFA on screen, the dollars on hover, and its sales.
      const revenue = page.getByTestId('card-revenue');
      const value = revenue.getByTestId('card-revenue-value');
      expect(await value.innerText()).toMatch(/^[1-9][\d\s\u202f]* FCFA$/);
      expect(amountOf(await value.innerText())).toBeGreaterThanOrEqual(sale.amount.xaf);
      expect(await value.getAttribute('title')).toMatch(/\$\d+\.\d{2}/);
      expect(await revenue.innerText()).toMatch(/[1-9]\d* ventes?/);

      // The audience chart is there too (visits: this browser's own page views), with two axes: each
      // names its series, and the legend says which axis each reads on.
      const audience = page.getByTestId('chart-audience');
      await audience.locator('.recharts-legend-wrapper').waitFor();
      const legend = await audience.locator('.recharts-legend-wrapper').innerText();
      expect(legend).toContain('Visites (axe de gauche)');
      expect(legend).toContain('Inscriptions (axe de droite)');
      expect(await audience.locator('.recharts-label').allTextContents()).toEqual(expect.arrayContaining(['Visites', 'Inscriptions']));
      // Straight segments from day to day: no smoothing curve ('C' commands) that would rise on a day at 0.
      for (const d of await audience.locator('path.recharts-curve').evaluateAll((paths) => paths.map((p) => p.getAttribute('d') ?? ''))) expect(d).not.toMatch(/C/);
      await page.screenshot({ path: shotPath('e2e-dashboard-1280.png'), fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('finds the sale among the best sellers of the statistics page, and a conversion above zero', async () => {
    const { context, page } = await newAdminVisitor(browser);
    try {
      await page.goto('/admin/stats');
      const row = page.getByTestId('top-items').locator(`[data-testid="top-item"][data-item-id="${sale.itemId}"]`);
      await untilShown(page, 'the sold video among the best sellers', async () => {
        await row.waitFor({ timeout: 5_000 });
        return true;
      });
      expect(await row.innerText()).toContain(sale.itemTitle);
      expect(await row.innerText()).toMatch(/[1-9][\d\s\u202f]* FCFA/);

      const conversion = page.getByTestId('measure-buyer-rate');
      const rate = await conversion.getByTestId('measure-buyer-rate-value').innerText();
      expect(rate).toMatch(/^\d+(,\d)?\s%$/);
      expect(amountOf(rate)).toBeGreaterThan(0);
      expect(await conversion.innerText()).toMatch(/[1-9]\d* acheteurs? sur [1-9]\d* inscrits?/);

      // One count of accounts: the users card's « nouveaux sur 30 jours » (identity), the sign-ups of
      // the conversion and the « Inscriptions » chart (analytics) agree, the seeded demo accounts included.
      await page.getByTestId('chart-signups').and(page.locator('[data-state="chart"]')).waitFor();
      const newUsers = Number(/(\d+) nouveaux? sur 30 jours/.exec(await page.getByTestId('card-users').innerText())?.[1]);
      expect(newUsers).toBeGreaterThanOrEqual(2);
      expect(await numberAttr(page.getByTestId('chart-signups'), 'data-total')).toBe(newUsers);
      expect(Number(/(\d+) inscriptions? pour/.exec(await page.getByTestId('measure-signup-rate').innerText())?.[1])).toBe(newUsers);

      // The six cards and the measures the spec left as dashes.
      for (const id of ['card-videos', 'card-pdfs', 'card-views', 'card-downloads', 'measure-signup-rate', 'measure-average-visit', 'measure-pages-per-visit']) {
        await page.getByTestId(id).waitFor();
        expect(await page.getByTestId(`${id}-value`).innerText()).not.toMatch(/^[-—]+$/);
      }
      expect(await page.getByTestId('measure-average-visit-value').innerText()).toMatch(/^(\d+ h \d{2} min|\d+ min \d{2} s|\d+ s)$/);
      await page.getByTestId('chart-revenue').and(page.locator('[data-state="chart"]')).waitFor();
      await page.screenshot({ path: shotPath('e2e-stats-1280.png'), fullPage: true });

      // Another period: the page asks analytics again, and the sale of today is still in it.
      await page.getByRole('group', { name: 'Période' }).getByRole('button', { name: '7 jours' }).click();
      await page.waitForURL('**/admin/stats?jours=7');
      await page.getByRole('button', { name: '7 jours', pressed: true }).waitFor();
      expect(await page.getByRole('button', { name: '30 jours' }).getAttribute('aria-pressed')).toBe('false');
      await page.getByText(/^Croissance sur 7 jours$/).waitFor();
      await row.waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the sale in the bell', () => {
  it('lists « Nouvelle vente » in the bell, leads to the order, and the sale leaves the bell once opened', async () => {
    const { context, page } = await newAdminVisitor(browser);
    try {
      const bell = page.getByTestId('admin-bell');
      const item = page.getByTestId('admin-bell-menu').locator(`[data-testid="admin-bell-item"][data-kind="SALE"][href="/admin/payments?order=${sale.id}"]`);
      await untilShown(page, 'the sale in the bell', async () => {
        await bell.click();
        await item.waitFor({ timeout: 3_000 });
        return true;
      });
      expect(await item.innerText()).toContain(`Nouvelle vente : ${sale.itemTitle}`);
      expect(await item.innerText()).toMatch(/[1-9][\d\s\u202f]* FCFA/);
      await page.screenshot({ path: shotPath('e2e-bell-sale-1280.png') });
      await item.click();
      await page.waitForURL('**/admin/payments?order=**');
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await bell.click();
      await page.getByTestId('admin-bell-menu').waitFor();
      await item.waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});

describe.each([
  { width: 390, mobile: true, rule: 'tables become cards' },
  { width: 800, mobile: false, rule: 'the tables scroll inside their card, the filter bars wrap' },
])('the back-office at $width px (a phone; a tablet beside the sidebar): $rule', ({ width, mobile }) => {
  // Every page of the sidebar (web/src/admin/admin-nav.ts).
  const pages = ['', 'settings', 'users', 'videos', 'pdfs', 'payments', 'promo', 'articles', 'testimonials', 'reviews', 'stats', 'newsletter', 'messages', 'contact', 'emails', 'journal', 'api', 'webhooks'];
  let visitor: Awaited<ReturnType<typeof newVisitor>>;

  // One signed-in tab for every page; one test per page, so that a slow or wide page is named.
  beforeAll(async () => {
    visitor = await newVisitor(browser, { mobile });
    if (!mobile) await visitor.page.setViewportSize({ width, height: 1000 });
    await signInAsAdmin(visitor.page);
  }, 60_000);
  afterAll(() => visitor?.context.close());

  it.each(pages)('/admin/%s never scrolls sideways', async (path) => {
    const { page } = visitor;
    await page.goto(`/admin/${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    if (path === '' || path === 'stats') await page.locator('[data-testid="chart-revenue"][data-state="chart"] .recharts-wrapper').waitFor();
    // Measured once the data is in: no skeleton pulsing, no region waiting.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'));
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    await page.screenshot({ path: shotPath(`e2e-${path || 'dashboard'}-${width}.png`), fullPage: true });
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });
});
