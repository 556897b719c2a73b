import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser, shotPath } from './harness';

/**
 * Issue 6 §3: one subgraph down must not blank the home. This file stops analytics, so it runs
 * against a stack of its own (ports, database, stream, Redis prefix) rather than the shared one
 * the other browser tests use at the same time; the stack is discarded at the end.
 */
type Stack = Awaited<ReturnType<typeof import('../../scripts/lib/stack').startStack>>;

const root = join(__dirname, '..', '..');
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startStack, randomPortOffset } = require('../../scripts/lib/stack') as typeof import('../../scripts/lib/stack');
  const suffix = randomBytes(4).toString('hex');
  const dataDir = join(root, '.data', 'e2e', `outage-${suffix}`);
  mkdirSync(dataDir, { recursive: true });
  // Offsets 900+ stay clear of global-setup's 300-890 range; none lands a part on a port fetch() refuses (5060, 5061).
  const offset = await randomPortOffset({ from: 900, step: 10, count: 40 });
  stack = await startStack({
    port: 4000 + offset,
    portOffset: offset,
    database: `lbf_e2e_outage_${suffix}`,
    freshDatabase: true,
    stream: `E2E_OUTAGE_${suffix}`,
    prefix: `e2eout${suffix}`,
    redisKeyPrefix: `e2eout${suffix}`,
    dataDir,
    // The demo catalogue, so there is a latest video to see: published once its ladder is built.
    seedDemo: true,
    demoVideoMaxSeconds: 20,
    waitForDemoVideosMs: 180_000,
    build: false,
    logLevel: 'warn',
    quiet: true,
  });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.discard();
}, 60_000);

async function stopAnalytics(): Promise<void> {
  const analytics = stack.children.find((c) => c.name === 'analytics')!.child;
  if (analytics.exitCode !== null || analytics.signalCode !== null) return;
  await new Promise((resolve) => {
    analytics.once('exit', resolve);
    analytics.kill('SIGKILL');
  });
}

it('with analytics stopped, the home still shows the hero, the latest video and the testimonials; the counters say they are unavailable', async () => {
  await stopAnalytics();
  const context = await browser.newContext({ baseURL: stack.url, locale: 'fr-FR', viewport: { width: 390, height: 844 } });
  await context.addInitScript(() => window.sessionStorage.setItem('lbf_signup_prompt_shown', '1'));
  const page = await context.newPage();
  await page.goto('/');

  await expect(page.getByTestId('hero-title').innerText()).resolves.toBe('Votre santé, notre priorité');
  const latest = page.getByTestId('premium-video');
  await latest.waitFor();
  expect(await latest.getByRole('heading').innerText()).toContain('Remèdes traditionnels');
  await page.getByRole('heading', { name: 'Ils nous font confiance' }).waitFor();

  const visits = page.getByTestId('counter-visits-today');
  await page.waitForSelector('[data-testid="counter-visits-today"][data-unavailable="true"]');
  expect(await visits.innerText()).toBe('Indisponible pour le moment');
  expect(await page.getByTestId('counter-registered-users').getAttribute('data-unavailable')).toBe('true');

  await page.screenshot({ path: shotPath('home-analytics-down.png'), fullPage: true });
  await context.close();
});
