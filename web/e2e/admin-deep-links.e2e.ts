import type { BrowserContext, Page } from 'playwright-core';
import { graphql, browserForFile, newAdminVisitor, stack, tokenFor } from './harness';
import { adminToken, sendContactMessage } from './messaging-support';
import { MTN_FAILED, startMtnCheckout } from './support/payments';

/**
 * Links that land on the item, not on a list, against the real stack: the bell's contact item
 * opens that message (read at once, the alert cleared), a payment link opens that order, a video
 * link shows that video first, and the top bar's video hit lands on the videos list searched for
 * the video (the search kept in the URL and typed over).
 */

/** The search param of the page's URL, decoded (null when absent). */
function param(page: Page, name: string): string | null {
  return new URL(page.url()).searchParams.get(name);
}

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };

beforeAll(async () => {
  admin = await newAdminVisitor(browser);
}, 30_000);

test('the bell’s contact item opens that message at once, read; closing it leaves the inbox', async () => {
  const { page } = admin;
  await page.goto('/admin');
  const bell = page.getByTestId('admin-bell');
  await page.waitForFunction(() => /^Notifications, /.test(document.querySelector('[data-testid="admin-bell"]')?.getAttribute('aria-label') ?? ''));
  await page.waitForLoadState('networkidle');

  const name = `Lien ${Date.now().toString(36)}`;
  const text = `Bonjour, je cherche le guide ${name} sur les tisanes.`;
  await sendContactMessage({ name, message: text });

  // The item is pushed live; its link names the message.
  await bell.click();
  const item = page.getByTestId('admin-bell-menu').locator('[data-testid="admin-bell-item"][data-kind="CONTACT"]').filter({ hasText: `Nouveau message de ${name}` });
  await item.waitFor({ timeout: 20_000 });
  const href = (await item.getAttribute('href'))!;
  expect(href).toMatch(/^\/admin\/contact\?message=[0-9a-f-]{36}$/);
  const messageId = new URL(href, stack.url).searchParams.get('message');

  await item.click();
  await page.waitForURL((url) => url.pathname === '/admin/contact' && url.searchParams.get('message') === messageId);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name }).waitFor();
  expect(await dialog.getByTestId('contact-message-body').innerText()).toBe(text);
  // Opening it read it: the dialog offers to mark it unread, and its alert left the bell.
  await dialog.getByRole('button', { name: 'Marquer comme non lu' }).waitFor();
  const token = await adminToken();
  const { adminContactMessage } = await graphql<{ adminContactMessage: { readAt: string | null } | null }>(
    'query($id: ID!) { adminContactMessage(id: $id) { readAt } }',
    { id: messageId },
    token,
  );
  expect(adminContactMessage?.readAt).toEqual(expect.any(String));

  // Closing the dialog removes the parameter; the inbox stays, the message no longer bold.
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL((url) => url.pathname === '/admin/contact' && !url.searchParams.has('message'));
  const row = page.getByTestId('data-row').filter({ hasText: name });
  await row.waitFor();
  expect(await row.locator('[data-unread="true"]').count()).toBe(0);

  // The same link typed or reloaded opens it again.
  await page.goto(href);
  await page.getByRole('dialog').getByRole('heading', { name }).waitFor();
  expect(param(page, 'message')).toBe(messageId);
}, 90_000);

test('a top bar video hit lands on the videos list searched for that video; the box keeps the URL', async () => {
  const { page } = admin;
  const token = await adminToken();
  const { videos } = await graphql<{ videos: { total: number; items: { id: string; title: string }[] } }>(
    'query { videos(page: 1, pageSize: 50) { total items { id title } } }',
    {},
    token,
  );
  expect(videos.total).toBeGreaterThan(1);
  const target = videos.items.at(-1)!;
  const { videos: matching } = await graphql<{ videos: { total: number } }>(
    'query($s: String!) { videos(filter: { search: $s }, page: 1, pageSize: 50) { total } }',
    { s: target.title },
    token,
  );
  expect(matching.total).toBeLessThan(videos.total);

  await page.goto('/admin');
  const box = page.getByRole('combobox', { name: "Rechercher dans l'administration" });
  await box.fill(target.title);
  const results = page.getByTestId('admin-search-results');
  await results.getByText('Vidéos', { exact: true }).waitFor();
  await results.getByRole('option').filter({ hasText: target.title }).first().click();

  await page.waitForURL((url) => url.pathname === '/admin/videos' && url.searchParams.get('search') === target.title);
  const search = page.getByLabel('Rechercher une vidéo');
  expect(await search.inputValue()).toBe(target.title);
  // The list is the server's answer for that search: the video, not the whole catalogue.
  await page.getByTestId('admin-count').filter({ hasText: new RegExp(`^${matching.total} vidéos?$`) }).waitFor();
  await page.getByTestId('data-row').filter({ hasText: target.title }).first().waitFor();
  expect(await page.getByTestId('data-row').count()).toBe(matching.total);

  // Typing over it follows in the URL; emptying it shows every video again.
  await search.fill('zzqx introuvable');
  await page.waitForURL((url) => url.searchParams.get('search') === 'zzqx introuvable');
  await page.getByText('Aucun résultat pour « zzqx introuvable ».').waitFor();
  await page.getByRole('button', { name: 'Effacer la recherche' }).first().click();
  await page.waitForURL((url) => url.pathname === '/admin/videos' && !url.searchParams.has('search'));
  await page.getByTestId('admin-count').filter({ hasText: new RegExp(`^${videos.total} vidéos$`) }).waitFor();
}, 60_000);

test('?video=<id> shows that video first with its state; closing removes the parameter', async () => {
  const { page } = admin;
  const token = await adminToken();
  const { videos } = await graphql<{ videos: { items: { id: string; title: string }[] } }>('query { videos(page: 1, pageSize: 50) { items { id title } } }', {}, token);
  const target = videos.items.at(-1)!;

  await page.goto(`/admin/videos?video=${target.id}`);
  const focus = page.getByTestId('video-focus');
  await focus.getByTestId('data-row').filter({ hasText: target.title }).waitFor();
  expect(await focus.getAttribute('data-video-id')).toBe(target.id);
  await focus.getByTestId('video-processing').waitFor();
  await focus.getByRole('button', { name: `Modifier « ${target.title} »` }).waitFor();

  await focus.getByRole('button', { name: 'Voir toutes les vidéos' }).click();
  await focus.waitFor({ state: 'detached' });
  expect(param(page, 'video')).toBeNull();
}, 60_000);

test('?order=<id> opens that order’s detail; closing it removes the parameter', async () => {
  const { page } = admin;
  const customer = await tokenFor(stack.demo.customer.email, stack.demo.customer.password);
  // A guide the customer does not own, paid with the sandbox's failing number: an order that grants nothing.
  const { pdfs } = await graphql<{ pdfs: { items: { id: string; title: string; purchased: boolean }[] } }>(
    'query { pdfs(page: 1, pageSize: 50) { items { id title purchased } } }',
    {},
    customer,
  );
  const pdf = pdfs.items.find((p) => !p.purchased);
  if (!pdf) throw new Error('the demo customer owns every guide');
  const { id: orderId } = await startMtnCheckout<{ id: string }>(customer, { itemId: pdf.id, itemType: 'PDF' }, MTN_FAILED, 'id');

  await page.goto(`/admin/payments?order=${orderId}`);
  const dialog = page.getByTestId('order-detail');
  await dialog.getByText(`Commande ${orderId}`).waitFor();
  await dialog.getByText(stack.demo.customer.email).waitFor();
  expect(await dialog.innerText()).toContain(pdf.title);

  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.waitForURL((url) => url.pathname === '/admin/payments' && !url.searchParams.has('order'));
}, 60_000);
