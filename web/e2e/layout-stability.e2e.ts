import type { Page } from 'playwright-core';
import { browserForFile, newVisitor } from './harness';

/**
 * Issue 11 §3: no layout shift. A first visit to the home, the news list and About on a phone
 * (390×844), on a slow connection so that every late arrival (route chunk, page data, live
 * counters) happens while the page is on screen: the cumulative layout shift stays ≤ 0.02.
 */
const CLS_LIMIT = 0.02;

const browser = browserForFile();

type Shift = { value: number; sources: string[] };

/** Layout shifts not caused by input (the CLS definition), recorded from before the first paint. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: Shift[] };
    w.__shifts = [];
    const describe = (node: Node | null | undefined): string => {
      if (!node || !(node instanceof Element)) return String(node?.nodeName ?? '?');
      const id = node.getAttribute('data-testid') ?? node.id;
      return `${node.tagName.toLowerCase()}${id ? `#${id}` : ''}.${String(node.className).split(' ').slice(0, 3).join('.')}`;
    };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node }> }>) {
        if (entry.hadRecentInput) continue;
        w.__shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Visits `path` as a first-time visitor on a throttled phone connection; returns its CLS and shifts. */
async function measure(path: string, ready: (page: Page) => Promise<unknown>): Promise<{ cls: number; shifts: Shift[] }> {
  const { context, page } = await newVisitor(browser);
  try {
    const cdp = await context.newCDPSession(page);
    // A congested mobile link: 150 ms round trips, ~1.6 Mbit/s down.
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 90_000 });
    await recordShifts(page);
    await page.goto(path, { waitUntil: 'load' });
    await ready(page);
    // Settled: no request for a while, then a moment for late renders (counters, deferred chunks).
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    const cls = shifts.reduce((sum, s) => sum + s.value, 0);
    console.log(`CLS ${path}: ${cls.toFixed(4)}${shifts.length ? ` ${JSON.stringify(shifts)}` : ''}`);
    return { cls, shifts };
  } finally {
    await context.close();
  }
}

describe('a first visit on a phone does not move the layout (CLS ≤ 0.02)', () => {
  it('the home, while its texts, latest video, counters and testimonials arrive', async () => {
    const { cls, shifts } = await measure('/', async (page) => {
      await page.getByTestId('hero-title').waitFor();
      await page.getByTestId('counter-registered-users').filter({ hasText: /\d/ }).waitFor();
    });
    expect({ cls, shifts }).toEqual({ cls: expect.any(Number), shifts: expect.any(Array) });
    expect(cls).toBeLessThanOrEqual(CLS_LIMIT);
  });

  it('the news list, while its cards arrive', async () => {
    const { cls } = await measure('/actualites', async (page) => {
      await page.getByRole('heading', { level: 1, name: 'Actualités' }).waitFor();
      await page.getByTestId('article-card').first().waitFor();
    });
    expect(cls).toBeLessThanOrEqual(CLS_LIMIT);
  });

  it('About, while its presenter and texts arrive', async () => {
    const { cls } = await measure('/about', async (page) => {
      await page.getByRole('heading', { level: 1 }).first().waitFor();
    });
    expect(cls).toBeLessThanOrEqual(CLS_LIMIT);
  });
});
