import { browserForFile, newVisitor } from './harness';

const browser = browserForFile();

function counter(page: import('playwright-core').Page, label: string) {
  return page.getByTestId(`counter-${label}`);
}

it('the home’s visits-today counter moves live in a second tab when someone else visits', async () => {
  const first = await newVisitor(browser, { mobile: false });
  await first.page.goto('/');
  const visits = counter(first.page, 'visits-today');
  await visits.waitFor();
  // Live updates start when the counters come near the screen (below the fold on a first view): the
  // page hydrates then (src/lib/hydrate-when-needed.ts) and subscribes. The number on screen until
  // the first live answer is the server's.
  const socket = first.page.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/graphql') });
  await visits.scrollIntoViewIfNeeded();
  await (await socket).waitForEvent('framereceived', { predicate: (frame) => String(frame.payload).includes('liveCounters') });
  const readNumber = async () => Number((await visits.innerText()).replace(/\D/g, ''));
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

it('opens no WebSocket for a visitor until the counters come near the screen, then subscribes', async () => {
  const { context, page } = await newVisitor(browser);
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  await page.goto('/');
  await page.getByTestId('hero-title').waitFor();
  await page.waitForLoadState('networkidle');
  // Idle and then some: the lazy graphql-ws link would have been fetched by now (it waits for idle, at most 3 s).
  await page.waitForTimeout(3500);
  expect(sockets).toEqual([]);
  // A visitor who only reads the top of the page: it is not even hydrated (src/lib/hydrate-when-needed.ts).
  expect(await page.locator('html[data-hydrated]').count()).toBe(0);

  await counter(page, 'visits-today').scrollIntoViewIfNeeded();
  await page.waitForEvent('websocket', { predicate: (ws) => ws.url().endsWith('/graphql'), timeout: 10_000 }).catch(() => undefined);
  expect(sockets.some((url) => url.endsWith('/graphql'))).toBe(true);
  await context.close();
});
