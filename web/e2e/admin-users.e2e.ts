import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, downloaded, newAdminVisitor, newSignedUpVisitor, newVisitor, shotPath, shownToast, signIn, signInAsAdmin, stack, tokenFor, uniqueEmail } from './harness';
import { MTN_SUCCESS, oldestUnownedVideo, paymentSandboxUrl, startMtnCheckout, untilSettled } from './support/payments';

/**
 * Gestion des utilisateurs against the real stack (identity, commerce and messaging joined by the
 * gateway): an administrator finds a new customer by part of their name typed without accents,
 * reads their purchase history, writes to them (the customer reads it), bans them (their sign-in
 * is refused) and unbans them (it works again); the top bar's search finds them too.
 */
/** Letters only (a name), different on every run. */
function letters(n: number): string {
  return Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** The customer buys the oldest video with MTN MoMo on the provider sandbox; returns its title. */
async function buyAVideo(email: string, password: string): Promise<string> {
  const token = await tokenFor(email, password);
  const video = await oldestUnownedVideo(token);
  const fields = 'id status itemTitle';
  const started = await startMtnCheckout<{ id: string; status: string; itemTitle: string }>(token, { itemId: video.id, itemType: 'VIDEO' }, MTN_SUCCESS, fields);
  const order = await untilSettled(token, started, fields);
  if (order.status !== 'COMPLETED') throw new Error(`the sandbox left the order ${order.status} (${paymentSandboxUrl()})`);
  return order.itemTitle;
}

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
const stamp = letters(6);
const who = { firstName: 'Adèle', lastName: `Ékwé${stamp}`, email: uniqueEmail('client-admin'), phone: `699${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}` };
const fullName = `${who.firstName} ${who.lastName}`;
let boughtTitle: string;

beforeAll(async () => {
  customer = await newSignedUpVisitor(browser, who, { mobile: false });
  boughtTitle = await buyAVideo(who.email, 'secret-lbf');
  admin = await newAdminVisitor(browser);
}, 120_000);

/** The unread count a row shows (« 2 messages non lus »), 0 when it shows none. */
async function unreadIn(row: ReturnType<typeof userRow>): Promise<number> {
  const badge = row.getByTestId('user-unread');
  if (!(await badge.count())) return 0;
  return Number(/^(\d+)/.exec((await badge.innerText()).trim())?.[1] ?? NaN);
}

function userRow(page: Page) {
  return page.getByTestId('data-row').filter({ hasText: who.email });
}

test('the admin finds the customer by part of their name without accents, with their purchases, and sorts and exports', async () => {
  const { page } = admin;
  await page.goto('/admin/users');
  // The cards: users with the active count, purchases, revenue, banned.
  await page.getByTestId('card-users').filter({ hasText: /\d+ actifs?/ }).waitFor();
  await page.getByTestId('card-purchases').waitFor();
  await page.getByTestId('card-revenue').filter({ hasText: 'FCFA' }).waitFor();
  await page.getByTestId('card-banned').waitFor();

  // Part of the name, lower case, no accents: 'ekwe' + the stamp finds 'Ékwé…'.
  await page.getByLabel('Rechercher un utilisateur').fill(`ekwe${stamp.slice(0, 4)}`);
  await page.waitForURL(new RegExp(`[?&]search=ekwe${stamp.slice(0, 4)}`));
  const row = userRow(page);
  await row.waitFor();
  await page.getByTestId('admin-count').filter({ hasText: /^1 utilisateur$/ }).waitFor();
  expect(await page.getByTestId('data-row').count()).toBe(1);
  const cells = await row.locator('td').allInnerTexts();
  // Nom, Email, Téléphone, Date d'inscription, Achats, Total dépensé, Statut, Actions.
  expect(cells[0]).toContain(fullName);
  expect(cells[1]).toBe(who.email);
  expect(cells[2]).toContain(who.phone.slice(-8));
  expect(cells[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  expect(cells[4]).toBe('1');
  expect(cells[5]).toMatch(/^[1-9][\d\s\u202f\u00a0]*$/);
  expect(cells[6]).toBe('Actif');
  await page.screenshot({ path: shotPath('admin-users-1280.png'), fullPage: true });

  // The search stays in the URL: a reload shows the same row.
  await page.reload();
  await userRow(page).waitFor();
  expect(await page.getByLabel('Rechercher un utilisateur').inputValue()).toBe(`ekwe${stamp.slice(0, 4)}`);

  // Purchase history (commerce): the video, 'Complété'.
  await row.getByRole('button', { name: `Voir les achats de ${fullName}` }).click();
  const history = page.getByRole('dialog');
  await history.getByRole('heading', { name: 'Historique des achats' }).waitFor();
  const purchase = history.getByTestId('purchase-row').filter({ hasText: boughtTitle });
  await purchase.filter({ hasText: 'Complété' }).filter({ hasText: 'MTN Mobile Money' }).waitFor();
  expect(await history.getByTestId('purchase-row').count()).toBe(1);
  await page.screenshot({ path: shotPath('admin-users-history-1280.png') });
  await page.keyboard.press('Escape');
  await history.waitFor({ state: 'detached' });

  // Sorted on the server by a header: 'Achats', largest first, then smallest first.
  await page.getByLabel('Rechercher un utilisateur').fill('');
  await page.waitForURL((url) => !url.searchParams.has('search'));
  await page.getByRole('button', { name: 'Achats', exact: true }).click();
  await page.waitForURL(/sort=PURCHASES&dir=DESC/);
  await page.locator('th[aria-sort="descending"]').filter({ hasText: 'Achats' }).waitFor();
  const purchasesOf = async () => (await page.locator('tbody tr td:nth-child(5)').allInnerTexts()).map((s) => Number(s) || 0);
  // The order comes from identity's read model of commerce's purchases (events), the figures from
  // commerce itself: a purchase completed a moment ago (another test's) may reorder the page once
  // identity has consumed it, so the page is read again until both agree (a few seconds at most).
  let desc = await purchasesOf();
  for (let tries = 0; tries < 20 && desc.join() !== [...desc].sort((a, b) => b - a).join(); tries++) {
    await page.waitForTimeout(500);
    await page.reload();
    await page.locator('th[aria-sort="descending"]').filter({ hasText: 'Achats' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    desc = await purchasesOf();
  }
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await page.getByRole('button', { name: 'Achats', exact: true }).click();
  await page.locator('th[aria-sort="ascending"]').filter({ hasText: 'Achats' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  const asc = await purchasesOf();
  expect(asc).toEqual([...asc].sort((a, b) => a - b));

  // 'Exporter': users-export.csv, UTF-8 with BOM, the customer's line.
  await page.getByLabel('Rechercher un utilisateur').fill(who.email);
  await userRow(page).waitFor();
  const { name: fileName, text: csv } = await downloaded(page, () => page.getByRole('button', { name: 'Exporter', exact: true }).click());
  expect(fileName).toBe('users-export.csv');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  expect(csv).toContain(who.email);
  expect(csv).toContain(who.lastName);
  await shownToast(page, 'Export réussi').waitFor();
}, 90_000);

test('the top bar’s search finds the customer by name and jumps to their row', async () => {
  const { page } = admin;
  await page.goto('/admin');
  const box = page.getByRole('combobox', { name: "Rechercher dans l'administration" });
  await box.fill(`ekwe${stamp}`);
  const results = page.getByTestId('admin-search-results');
  const hit = results.getByRole('option').filter({ hasText: fullName });
  await hit.waitFor();
  await results.getByText('Utilisateurs', { exact: true }).waitFor();
  await page.screenshot({ path: shotPath('admin-topbar-search-1280.png') });
  // Keyboard: the first hit is selected, Enter jumps to it.
  await box.press('ArrowDown');
  await box.press('ArrowUp');
  await box.press('Enter');
  await page.waitForURL(`**/admin/users?search=${encodeURIComponent(who.email)}`);
  await userRow(page).waitFor();
  expect(await page.getByLabel('Rechercher un utilisateur').inputValue()).toBe(who.email);
}, 60_000);

test('the admin writes to the customer, who reads it; bans them (sign-in refused) and unbans them (sign-in works)', async () => {
  const { page } = admin;
  await page.goto(`/admin/users?search=${encodeURIComponent(who.email)}`);
  const row = userRow(page);
  await row.waitFor();

  // A message through messaging, the recipient fixed to the row's user. Other test files send
  // group messages to every user at the same time, so the count is compared with the one before.
  const unreadBefore = await unreadIn(row);
  const subject = `Votre achat ${stamp}`;
  await row.getByRole('button', { name: `Envoyer un message à ${fullName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('chosen-recipient').filter({ hasText: who.email }).waitFor();
  await dialog.getByLabel('Sujet', { exact: true }).fill(subject);
  await dialog.getByLabel('Message', { exact: true }).fill('Bonjour Adèle, votre vidéo est disponible dans votre espace.');
  await dialog.getByRole('button', { name: 'Envoyer' }).click();
  await shownToast(page, 'Message envoyé').waitFor();
  await dialog.waitFor({ state: 'detached' });
  // The unread count joined from messaging shows in the row.
  await row.getByTestId('user-unread').filter({ hasText: /^\d+ messages? non lus?$/ }).waitFor();
  expect(await unreadIn(row)).toBeGreaterThanOrEqual(unreadBefore + 1);

  await customer.page.goto('/dashboard/messages');
  await customer.page.getByTestId('inbox-message').filter({ hasText: subject }).waitFor();

  // Ban, with a reason: 'Utilisateur banni', the row says Banni and offers unban instead.
  await row.getByRole('button', { name: `Bannir ${fullName}`, exact: true }).click();
  const ban = page.getByRole('alertdialog');
  await ban.getByRole('heading', { name: "Bannir l'utilisateur" }).waitFor();
  await ban.getByLabel('Raison du bannissement').fill('Partage de son compte.');
  await page.screenshot({ path: shotPath('admin-users-ban-1280.png') });
  await ban.getByRole('button', { name: 'Bannir' }).click();
  await shownToast(page, 'Utilisateur banni').waitFor();
  await row.locator('[data-status="banned"]').filter({ hasText: 'Banni' }).waitFor();
  expect(await row.getByRole('button', { name: `Bannir ${fullName}`, exact: true }).count()).toBe(0);
  await page.getByTestId('card-banned').waitFor();

  // Their open page is told at once (accounts.e2e.ts times it); the notice goes, then their sign-in is refused.
  const notice = shownToast(customer.page, 'Compte désactivé');
  await notice.waitFor();
  await notice.waitFor({ state: 'hidden', timeout: 15_000 });
  await customer.context.clearCookies();
  await signIn(customer.page, who.email, 'secret-lbf');
  await shownToast(customer.page, 'Compte désactivé').waitFor();
  expect(customer.page.url()).toContain('/auth');
  // The toast slides in: let it settle before the picture.
  await customer.page.waitForTimeout(600);
  await customer.page.screenshot({ path: shotPath('customer-banned-1280.png') });

  // Unban: the reason is mandatory.
  await row.getByRole('button', { name: `Débannir ${fullName}` }).click();
  const unban = page.getByRole('alertdialog');
  await unban.getByRole('button', { name: 'Débannir' }).click();
  await unban.getByText('Veuillez indiquer une raison.').waitFor();
  await unban.getByLabel('Raison du débannissement').fill('Compte vérifié avec le client.');
  await unban.getByRole('button', { name: 'Débannir' }).click();
  await shownToast(page, 'Utilisateur débanni').waitFor();
  await row.locator('[data-status="active"]').filter({ hasText: 'Actif' }).waitFor();
  await row.getByRole('button', { name: `Bannir ${fullName}`, exact: true }).waitFor();

  // They sign in again.
  await signIn(customer.page, who.email, 'secret-lbf');
  await customer.page.waitForURL('**/dashboard');
}, 90_000);

test('at 390 px the users are cards with every action reachable, and the top bar’s search opens from an icon', async () => {
  const phone = await newVisitor(browser, { mobile: true });
  try {
    const { page } = phone;
    await signInAsAdmin(page);
    await page.goto(`/admin/users?search=${encodeURIComponent(who.email)}`);
    const card = page.getByTestId('data-cards').getByTestId('data-row').filter({ hasText: who.email });
    await card.waitFor();
    for (const name of [`Voir les achats de ${fullName}`, `Envoyer un message à ${fullName}`, `Bannir ${fullName}`]) {
      const button = card.getByRole('button', { name, exact: true });
      expect(await button.isVisible()).toBe(true);
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByLabel('Trier par').selectOption({ label: 'Achats' });
    await page.waitForURL(/sort=PURCHASES/);
    await page.screenshot({ path: shotPath('admin-users-390.png'), fullPage: true });

    await card.getByRole('button', { name: `Voir les achats de ${fullName}` }).click();
    await page.getByRole('dialog').getByTestId('purchase-row').filter({ hasText: boughtTitle }).waitFor();
    await page.screenshot({ path: shotPath('admin-users-history-390.png') });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Ouvrir la recherche' }).click();
    const box = page.getByRole('combobox', { name: "Rechercher dans l'administration" });
    await box.fill(`ekwe${stamp}`);
    await page.getByTestId('admin-search-results').getByRole('option').filter({ hasText: fullName }).waitFor();
    await page.screenshot({ path: shotPath('admin-topbar-search-390.png') });
    await page.getByTestId('admin-search-results').getByRole('option').filter({ hasText: fullName }).click();
    await page.waitForURL(`**/admin/users?search=${encodeURIComponent(who.email)}`);
  } finally {
    await phone.context.close();
  }
}, 60_000);

test('at 360 px the « Trier par » select shows its longest choice whole, and the administrator’s own row has no ban', async () => {
  const phone = await newVisitor(browser, { width: 360 });
  try {
    const { page } = phone;
    await signInAsAdmin(page);
    await page.goto(`/admin/users?search=${encodeURIComponent(stack.demo.admin.email)}`);
    const own = page.getByTestId('data-cards').getByTestId('data-row').filter({ hasText: stack.demo.admin.email });
    await own.waitFor();
    await own.getByRole('button', { name: /^Envoyer un message à / }).waitFor();
    expect(await own.getByRole('button', { name: /^Bannir / }).count()).toBe(0);

    await page.getByLabel('Trier par').selectOption({ label: "Date d'inscription" });
    await page.waitForURL(/sort=CREATED_AT/);
    // Each select is wide enough for its widest choice (measured in its own font), inside the screen.
    const fits = await page.evaluate(() =>
      ['users-sort', 'users-sort-direction'].map((id) => {
        const select = document.getElementById(id) as HTMLSelectElement;
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const widest = Math.max(...[...select.options].map((option) => context.measureText(option.text).width));
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const box = select.getBoundingClientRect();
        return { id, widest: Math.ceil(widest), room: Math.floor(room), right: box.right };
      }),
    );
    for (const fit of fits) {
      expect(fit.widest).toBeLessThanOrEqual(fit.room);
      expect(fit.right).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: shotPath('admin-users-sort-360.png') });
  } finally {
    await phone.context.close();
  }
}, 60_000);
