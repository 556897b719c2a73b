import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browserForFile, mailsTo, newVisitor, signUpCustomer, stack, uniqueEmail } from './harness';
import { TEST_RECEIVERS_FILE } from './support/webhook-receiver';

/**
 * Issue 20 §1: nothing leaves the machine but what the privacy page names. Every part of the
 * browser tests' stack (gateway, five services, both sandboxes) runs with scripts/lib/egress-recorder.js
 * preloaded, which writes down each connection, datagram and name lookup it attempts. After a
 * journey through every service (pages, sign-up, its welcome mail), each part must have tried only
 * the stack's own endpoints on loopback: Postgres, Redis, NATS, the subgraphs, the gateway, SMTP and
 * the payment sandbox. `@apollo/gateway` 2.14 alone tried 169.254.169.254 (cloud metadata) and
 * Apollo's metrics endpoint at boot before the gateway turned its telemetry off in code.
 */
type Attempt = { part: string; pid: number; kind: 'tcp' | 'udp' | 'dns' | 'ipc'; host?: string; port?: number; path?: string; refused?: boolean };

const { egressDir, endpoints } = stack as typeof stack & { endpoints: number[] };
const browser = browserForFile();

function attempts(): Attempt[] {
  if (!existsSync(egressDir)) return [];
  return readdirSync(egressDir)
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(join(egressDir, f), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Attempt),
    );
}

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|\[::1\]|::ffff:127\.0\.0\.1)$/i;

function outsideTheStack(a: Attempt): boolean {
  if (a.kind === 'ipc') return false;
  const host = a.host ?? 'localhost';
  if (!LOOPBACK.test(host)) return true;
  // A name lookup of a loopback name is no traffic; a connection must be to one of the stack's ports,
  // or to a receiver a test set up and told the stack to deliver to (the webhooks' one).
  return a.kind !== 'dns' && !endpoints.includes(Number(a.port)) && !testReceivers().includes(Number(a.port));
}

function testReceivers(): number[] {
  const file = join(egressDir, TEST_RECEIVERS_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : [];
}

it('the gateway, each service and the sandboxes connect to nothing but the stack’s own endpoints on loopback', async () => {
  const { context, page } = await newVisitor(browser);
  await page.goto('/');
  await page.getByTestId('hero-title').waitFor();
  await page.goto('/actualites');
  const email = uniqueEmail('egress');
  await signUpCustomer(page, { firstName: 'Awa', lastName: 'Sow', email, phone: '677123456' });
  // The welcome mail: messaging's job has spoken SMTP by then.
  await mailsTo(email, 1);
  await context.close();

  const all = attempts();
  const parts = new Set(all.map((a) => a.part));
  // The recorder ran in every part: each one at least reached its database, NATS or a neighbour.
  for (const part of ['gateway', 'identity', 'catalogue', 'commerce', 'messaging', 'analytics']) expect(parts).toContain(part);
  expect(all.filter((a) => a.kind === 'tcp').length).toBeGreaterThan(10);
  expect(all.filter(outsideTheStack)).toEqual([]);
});

it('a visitor’s browser asks nothing of another site on the public pages; Google’s map loads only when asked for', async () => {
  const { context, page } = await newVisitor(browser);
  const elsewhere: string[] = [];
  const origin = new URL(stack.url).origin;
  context.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) elsewhere.push(url);
  });
  for (const path of ['/', '/actualites', '/about', '/faq', '/terms', '/privacy', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('load');
  }
  // A tap wakes the page (hydration on first touch) and shows the map: only now may Google hear of it.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  expect(elsewhere).toEqual([]);
  await page.getByRole('button', { name: 'Afficher la carte' }).click();
  await page.locator('iframe[title="Carte Google Maps de Douala, Cameroun"]').waitFor();
  expect(elsewhere.some((url) => url.startsWith('https://www.google.com/maps'))).toBe(true);
  await context.close();
});
