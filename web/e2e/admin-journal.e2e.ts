import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, downloaded, newAdminVisitor, newVisitor, shotPath, shownToast, signInAsAdmin, signUpCustomer, stack, uniqueEmail } from './harness';

/**
 * « Journal » (issue 23 §6) against the real stack: an administrator bans a customer on the users
 * page; the ban reaches analytics' journal through identity's outbox and the stream, and the
 * « Journal » page lists it (who, when, from where, what, on what, its reason folded), filters it
 * and exports it as admin-journal.csv. Read-only: the page offers nothing to edit or delete.
 */

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
const stamp = Math.random().toString(36).slice(2, 8);
const who = { firstName: 'Bintou', lastName: `Journal${stamp}`, email: uniqueEmail('journal'), phone: `698${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` };
const fullName = `${who.firstName} ${who.lastName}`;
const reason = `Fraude au paiement ${stamp}`;

beforeAll(async () => {
  const customer = await newVisitor(browser, { mobile: false });
  try {
    await signUpCustomer(customer.page, who);
  } finally {
    await customer.context.close();
  }
  admin = await newAdminVisitor(browser);
}, 120_000);

afterAll(async () => {
  await admin?.context.close();
});

/**
 * The journal searched for the customer, and the ban's row: the page is read again (and searched
 * again) until the event has come through identity's outbox and the stream (a moment).
 */
async function banRow(page: Page) {
  const row = page.getByTestId('data-row').filter({ hasText: who.email });
  const search = page.getByLabel('Rechercher', { exact: true });
  await search.fill(who.email);
  for (let tries = 0; tries < 30 && !(await row.count()); tries++) {
    await page.waitForTimeout(500);
    await page.reload();
    await search.fill(who.email);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  }
  await row.first().waitFor();
  await page.getByText(/^1 action ·/).waitFor();
  return row;
}

test('a ban on the users page is on « Journal »: who, when, from where, what, on what, and why', async () => {
  const { page } = admin;
  await page.goto(`/admin/users?search=${encodeURIComponent(who.email)}`);
  const user = page.getByTestId('data-row').filter({ hasText: who.email });
  await user.getByRole('button', { name: `Bannir ${fullName}`, exact: true }).click();
  const ban = page.getByRole('alertdialog');
  await ban.getByLabel('Raison du bannissement').fill(reason);
  await ban.getByRole('button', { name: 'Bannir' }).click();
  await shownToast(page, 'Utilisateur banni').waitFor();

  // The sidebar's « Journal », then the ban among the actions of everyone.
  await page.getByRole('link', { name: 'Journal' }).click();
  await page.waitForURL('**/admin/journal');
  const row = await banRow(page);
  expect(await row.count()).toBe(1);
  const text = await row.innerText();
  expect(text).toContain('Utilisateur banni');
  expect(text).toContain(stack.demo.admin.email);
  expect(text).toContain(`${fullName} <${who.email}>`);
  // From where: the browser's address as the gateway saw it (every test visitor is on 127.0.0.1).
  expect(text).toMatch(/127\.0\.0\.1|::1/);
  expect(text).toMatch(/\d{2}\/\d{2}\/\d{4}/);

  // The reason, folded under « Voir le détail ».
  expect(await row.getByText(reason).isVisible()).toBe(false);
  await row.getByText('Voir le détail').click();
  await row.getByText(reason).waitFor();
  await row.getByText('Motif').waitFor();
  // Nothing to change here: no edit, no delete.
  expect(await page.getByRole('button', { name: /Modifier|Supprimer|Effacer l'entrée/ }).count()).toBe(0);
  await page.screenshot({ path: shotPath('admin-journal-1280.png'), fullPage: true });

  // The action filter keeps it; another action's filter leaves nothing.
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Utilisateur banni' });
  await row.waitFor();
  await page.getByLabel('Action', { exact: true }).selectOption({ label: 'Commande remboursée' });
  await page.getByText('Aucune action enregistrée').waitFor();
  await page.getByRole('button', { name: 'Effacer les filtres' }).first().click();
  await page.getByLabel('Rechercher', { exact: true }).fill(who.email);
  await row.waitFor();

  // « Exporter »: admin-journal.csv, UTF-8 with BOM, the ban's line.
  const { name, text: csv } = await downloaded(page, () => page.getByRole('button', { name: 'Exporter' }).click());
  expect(name).toBe('admin-journal.csv');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain('Utilisateur banni');
  expect(csv).toContain(who.email);
  expect(csv).toContain(reason);
  await shownToast(page, 'Export réussi').waitFor();
}, 90_000);

test('on a phone, « Journal » is a list of cards that never scrolls sideways', async () => {
  const phone = await newVisitor(browser, { width: 390 });
  try {
    await signInAsAdmin(phone.page);
    await phone.page.goto('/admin/journal');
    await phone.page.getByRole('heading', { level: 1, name: 'Journal' }).waitFor();
    await phone.page.getByLabel('Rechercher', { exact: true }).fill(who.email);
    const card = phone.page.getByTestId('data-cards').getByTestId('data-row').filter({ hasText: who.email });
    await card.waitFor();
    await card.getByText('Voir le détail').click();
    await card.getByText(reason).waitFor();
    const { scrollWidth, innerWidth } = await phone.page.evaluate(() => ({ scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: window.innerWidth }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await phone.page.screenshot({ path: shotPath('admin-journal-390.png'), fullPage: true });
  } finally {
    await phone.context.close();
  }
}, 60_000);
