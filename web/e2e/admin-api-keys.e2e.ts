import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newAdminVisitor, shotPath, shownToast, stack } from './harness';
import { openAdminCreateForm } from './support/admin';

/*
 * Issue 24 point 1, « API » end to end: an administrator creates a key reading the orders, copies
 * its secret (shown once), an integration reads the orders with it, the page shows its last use;
 * the administrator revokes it (confirmed) and the key is refused.
 */

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
const NAME = `ERP ${Date.now().toString(36)}`;

beforeAll(async () => {
  admin = await newAdminVisitor(browser);
});

async function asIntegration(secret: string): Promise<{ data?: unknown; errors?: Array<{ message: string }> }> {
  const res = await fetch(`${stack.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query: '{ adminOrders { total } }' }),
  });
  return (await res.json()) as { data?: unknown; errors?: Array<{ message: string }> };
}

describe('the back-office « API » page', () => {
  let secret = '';

  it('creates a key and shows its secret once, with a warning', async () => {
    const { page } = admin;
    const form = await openAdminCreateForm(page, { path: '/admin/api', heading: 'API', button: 'Créer une clé', form: 'Nouvelle clé d’API' });
    await form.getByTestId('api-key-name-field').fill(NAME);
    await form.getByLabel('Lecture des commandes').check();
    await form.getByRole('button', { name: 'Créer la clé' }).click();
    await shownToast(page, 'Clé créée').waitFor();
    secret = await page.getByTestId('api-key-secret').inputValue();
    expect(secret).toMatch(/^lbf_live_/);
    await page.getByText('Elle ne sera plus jamais affichée').first().waitFor();
    await page.screenshot({ path: shotPath('api-key-secret.png') });
    await page.getByRole('button', { name: 'J’ai copié la clé' }).click();
    await page.getByTestId(`api-key-status-${NAME}`).waitFor();
    expect(await page.getByTestId(`api-key-status-${NAME}`).innerText()).toBe('Active');
    expect(await page.getByTestId('api-key-secret').count()).toBe(0);
  });

  it('the integration reads the orders with it; its last use shows', async () => {
    expect((await asIntegration(secret)).errors).toBeUndefined();
    const { page } = admin;
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: NAME });
    await row.waitFor();
    expect(await row.innerText()).not.toContain('Jamais');
  });

  it('revokes it after a confirmation; the key is refused', async () => {
    const { page } = admin;
    await page.getByRole('button', { name: `Révoquer la clé ${NAME}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Révoquer cette clé ?' }).waitFor();
    await confirm.getByTestId('confirm-action').click();
    await shownToast(page, 'Clé révoquée').waitFor();
    await page.getByTestId(`api-key-status-${NAME}`).filter({ hasText: 'Révoquée' }).waitFor();
    const refused = await asIntegration(secret);
    expect(refused.errors?.[0]?.message).toContain('Clé d’API inconnue, révoquée ou expirée');
  });
});
