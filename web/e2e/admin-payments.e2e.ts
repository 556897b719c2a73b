import type { Page } from 'playwright-core';
import { downloaded, browserForFile, newAdminVisitor, newVisitor, shotPath, shownToast, signInAsAdmin, stack, tokenFor } from './harness';
import { MTN_FAILED, MTN_SUCCESS, oldestUnownedVideo, paymentSandboxUrl, startMtnCheckout, untilSettled } from './support/payments';

/**
 * The administrator's side of commerce against the real stack: a customer pays for a video with
 * MTN Mobile Money on the provider sandbox (56733123453 succeeds at once), then an administrator
 * finds the sale in Paiements, filters it, reads the provider's raw answers in its detail and the
 * buyer's purchase history, and sees the revenue on the dashboard.
 */

/** The customer approves the MTN prompt on their phone (the sandbox phone page's JSON twin). */
async function approveOnPhone(msisdn: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const res = await fetch(`${paymentSandboxUrl()}/phone/api/prompts?msisdn=${msisdn}`);
    const { prompts } = (await res.json()) as { prompts: { id: string }[] };
    if (prompts[0]) {
      const answer = await fetch(`${paymentSandboxUrl()}/phone/api/prompts/${prompts[0].id}/approve`, { method: 'POST' });
      if (!answer.ok) throw new Error(`the sandbox refused the approval: ${answer.status} ${await answer.text()}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`no prompt for ${msisdn} on the sandbox phone`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const browser = browserForFile();
let sale: { orderId: string; receiptNumber: string; title: string };
let failure: { orderId: string; title: string };
let token: string;
const bought: string[] = [];

interface OrderView {
  id: string;
  itemId?: string;
  status: string;
  receiptNumber: string | null;
  itemTitle: string;
}

const ORDER_FIELDS = `id status receiptNumber itemTitle`;

/**
 * The demo customer starts paying for the oldest video they do not own yet (leaving out `skip`)
 * with MTN MoMo, through the gateway, and, when `settle`, asks the provider ('Vérifier') until the
 * order leaves PENDING (the sandbox answers its numbers from the first status check).
 */
async function checkout(token: string, phone: string, skip: string[] = [], settle = true): Promise<OrderView> {
  const video = await oldestUnownedVideo(token, skip);
  const started = await startMtnCheckout<OrderView>(token, { itemId: video.id, itemType: 'VIDEO' }, phone, ORDER_FIELDS);
  const order = settle ? await untilSettled(token, started, ORDER_FIELDS) : started;
  return { ...order, itemId: video.id };
}

/** Paiements, narrowed to one order by its id (the search box), once the list has answered. */
async function findOrder(page: Page, orderId: string): Promise<void> {
  await page.getByLabel('Rechercher', { exact: true }).fill(orderId);
  await page.getByTestId('admin-count').filter({ hasText: /^1 paiement$/ }).waitFor();
}

async function findSale(page: Page): Promise<void> {
  await findOrder(page, sale.orderId);
  await page.getByTestId('data-row').filter({ hasText: sale.receiptNumber }).waitFor();
}

beforeAll(async () => {
  token = await tokenFor(stack.demo.customer.email, stack.demo.customer.password);
  const paid = await checkout(token, MTN_SUCCESS);
  bought.push(paid.itemId!);
  if (paid.status !== 'COMPLETED' || !paid.receiptNumber) throw new Error(`the order did not complete: ${JSON.stringify(paid)}`);
  sale = { orderId: paid.id, receiptNumber: paid.receiptNumber, title: paid.itemTitle };
  const failed = await checkout(token, MTN_FAILED, bought);
  bought.push(failed.itemId!);
  if (failed.status !== 'FAILED') throw new Error(`the order did not fail: ${JSON.stringify(failed)}`);
  failure = { orderId: failed.id, title: failed.itemTitle };
}, 90_000);

describe('an administrator on Paiements', () => {
  it('finds the sale, filters by status, reads the provider history and the buyer’s purchase history', async () => {
    const { context, page } = await newAdminVisitor(browser);
    try {
      await page.getByRole('link', { name: 'Paiements' }).first().click();
      await page.waitForURL('**/admin/payments');
      await page.getByRole('heading', { name: 'Paiements', level: 1 }).waitFor();

      await findSale(page);
      const row = page.getByTestId('data-row').filter({ hasText: sale.receiptNumber });
      const text = await row.innerText();
      expect(text).toContain(stack.demo.customer.email);
      expect(text).toContain(sale.title);
      expect(text).toContain('Complété');
      expect(text).toContain('MTN Mobile Money');
      expect(text).toMatch(/\d FCFA/);
      expect(text).not.toContain('$');

      // Filters: the sale is not a failure; it is a completed MTN payment.
      await page.getByLabel('Statut').selectOption({ label: 'Échoué' });
      await page.getByText('Aucun paiement trouvé').waitFor();
      await page.getByLabel('Statut').selectOption({ label: 'Complété' });
      await page.getByLabel('Méthode').selectOption({ label: 'MTN Mobile Money' });
      await row.waitFor();
      await page.screenshot({ path: shotPath('admin-payments-1280.png'), fullPage: true });

      // 'Exporter': the filtered orders as orders-export.csv, amounts in FCFA.
      const { name: fileName, text: csv } = await downloaded(page, () => page.getByRole('button', { name: 'Exporter' }).click());
      expect(fileName).toBe('orders-export.csv');
      expect(csv).toContain(sale.receiptNumber);
      expect(csv.trim().split('\n')).toHaveLength(2); // the header and the one order the filters keep
      await shownToast(page, 'Export réussi').waitFor();

      // The detail: the attempt, its phone and references, and the provider's raw answers.
      await row.getByText(sale.title).click();
      const detail = page.getByRole('dialog', { name: 'Détail du paiement' });
      await detail.waitFor();
      const attempt = detail.getByTestId('attempt').first();
      await attempt.getByText('Complété').waitFor();
      expect(await attempt.innerText()).toContain(MTN_SUCCESS.slice(-6));
      const log = attempt.getByTestId('provider-log');
      await log.waitFor();
      expect(await log.locator('li').count()).toBeGreaterThan(0);
      expect(await log.innerText()).toMatch(/requesttopay/i);
      expect(await log.locator('pre').first().innerText()).not.toBe('');
      // A completed order can be marked refunded, not granted again.
      await detail.getByRole('button', { name: 'Marquer remboursé' }).waitFor();
      expect(await detail.getByRole('button', { name: "Accorder l'accès" }).count()).toBe(0);
      await page.screenshot({ path: shotPath('admin-payments-detail-1280.png') });

      // The buyer's purchase history (the users page's dialog), opened from the detail.
      await detail.getByRole('button', { name: 'Historique des achats' }).click();
      const history = page.getByRole('dialog', { name: 'Historique des achats' });
      await history.waitFor();
      const bought = history.getByTestId('purchase-row').filter({ hasText: sale.title });
      await bought.waitFor();
      expect(await bought.innerText()).toContain('Complété');
      await page.screenshot({ path: shotPath('admin-purchase-history-1280.png') });
      await page.keyboard.press('Escape');
      await history.waitFor({ state: 'hidden' });
      // The detail is closed with its own button: a second Escape right after the first sometimes
      // closes nothing in CI (never reproduced alone; the nested-dialog case is in the session note).
      await detail.getByRole('button', { name: 'Fermer' }).click();
      await detail.waitFor({ state: 'hidden' });

      // The dashboard's revenue card counts it, in FCFA.
      await page.getByRole('link', { name: 'Tableau de bord' }).first().click();
      const revenue = page.getByTestId('card-revenue');
      await revenue.waitFor();
      expect(await revenue.innerText()).toMatch(/FCFA[\s\S]*\d+ ventes?/);
      await page.getByTestId('card-videos').waitFor();
      await page.screenshot({ path: shotPath('admin-dashboard-1280.png') });
    } finally {
      await context.close();
    }
  });

  it('re-checks with the provider, grants a failed order with a reason, then marks it refunded', async () => {
    const { context, page } = await newAdminVisitor(browser);
    try {
      await page.goto('/admin/payments');

      // The paid sale: re-checking it with the provider keeps it completed.
      await findSale(page);
      await page.getByTestId('data-row').filter({ hasText: sale.receiptNumber }).getByText(sale.title).click();
      let detail = page.getByRole('dialog', { name: 'Détail du paiement' });
      await detail.getByRole('button', { name: "Revérifier auprès de l'opérateur" }).click();
      const recheck = page.getByRole('alertdialog', { name: "Revérifier auprès de l'opérateur" });
      await recheck.getByRole('button', { name: 'Confirmer' }).click();
      await shownToast(page, 'Vérification effectuée').waitFor();
      await recheck.waitFor({ state: 'hidden' });
      expect(await detail.getByTestId('attempt').first().innerText()).toContain('Complété');
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'hidden' });

      // The failed order: its reason in French, then access granted by hand.
      await findOrder(page, failure.orderId);
      await page.getByLabel('Statut').selectOption({ label: 'Échoué' });
      const row = page.getByTestId('data-row').filter({ hasText: failure.title });
      await row.waitFor();
      expect(await page.getByTestId('data-row').count()).toBe(1);
      await row.getByText(failure.title).click();
      detail = page.getByRole('dialog', { name: 'Détail du paiement' });
      const attempt = detail.getByTestId('attempt').first();
      await attempt.getByText('Échoué').waitFor();
      expect(await attempt.innerText()).toContain("Motif d'échec");
      expect(await detail.getByRole('button', { name: 'Marquer remboursé' }).count()).toBe(0);

      await detail.getByRole('button', { name: "Accorder l'accès" }).click();
      const grant = page.getByRole('alertdialog', { name: "Accorder l'accès" });
      // The reason is mandatory.
      await grant.getByRole('button', { name: "Accorder l'accès" }).click();
      await grant.getByText('Le motif est obligatoire.').waitFor();
      await grant.getByLabel('Motif').fill('Paiement reçu par un autre canal (test e2e).');
      await page.screenshot({ path: shotPath('admin-payments-grant-1280.png') });
      await grant.getByRole('button', { name: "Accorder l'accès" }).click();
      await shownToast(page, 'Accès accordé').waitFor();
      const action = detail.getByTestId('admin-action');
      await action.getByText('Accès accordé manuellement').waitFor();
      expect(await action.innerText()).toContain('Paiement reçu par un autre canal (test e2e).');
      await detail.getByText('Complété').first().waitFor();

      // Completed now: it can be marked refunded (and no longer granted).
      await detail.getByRole('button', { name: 'Marquer remboursé' }).click();
      const refund = page.getByRole('alertdialog', { name: 'Marquer remboursé' });
      await refund.getByLabel('Motif').fill('Remboursé par MTN à la demande du client (test e2e).');
      await refund.getByRole('button', { name: 'Marquer remboursé' }).click();
      await shownToast(page, 'Commande marquée remboursée').waitFor();
      await action.getByText('Marquée remboursée').waitFor();
      await detail.getByText('Remboursé', { exact: true }).first().waitFor();
      expect(await detail.getByRole('button', { name: "Accorder l'accès" }).count()).toBe(0);
      expect(await detail.getByRole('button', { name: 'Marquer remboursé' }).count()).toBe(0);
      await page.screenshot({ path: shotPath('admin-payments-refunded-1280.png') });
    } finally {
      await context.close();
    }
  });

  it('follows a pending order live: the customer approves on their phone and the open detail turns Complété', async () => {
    // A Cameroonian MTN number no sandbox rule forces: pending until the phone answers.
    const national = `650${String(Date.now()).slice(-6)}`;
    const pending = await checkout(token, national, bought, false);
    expect(pending.status).toBe('PENDING');
    const { context, page } = await newAdminVisitor(browser);
    try {
      await page.goto('/admin/payments');
      await findOrder(page, pending.id);
      const row = page.getByTestId('data-row').filter({ hasText: pending.itemTitle });
      await row.getByText('En attente').waitFor();
      await row.getByText(pending.itemTitle).click();
      const detail = page.getByRole('dialog', { name: 'Détail du paiement' });
      await detail.getByTestId('attempt').getByText('En attente').waitFor();
      // The live subscription is set up once the order shows as pending; give it a moment to connect.
      await page.waitForTimeout(1000);

      await approveOnPhone(`237${national}`);
      // No reload, no click: the order arrives through orderUpdated.
      await detail.getByTestId('attempt').getByText('Complété').waitFor({ timeout: 30_000 });
      expect(await detail.innerText()).toMatch(/LBF-\d{4}-\d{6}/);
      await page.keyboard.press('Escape');
      await row.getByText('Complété').waitFor();
    } finally {
      await context.close();
    }
  });

  it('works on a phone (390 px): cards, then the detail', async () => {
    const { context, page } = await newVisitor(browser);
    try {
      await signInAsAdmin(page);
      await page.goto('/admin/payments');
      await findSale(page);
      await page.screenshot({ path: shotPath('admin-payments-390.png') });
      await page.getByTestId('data-row').filter({ hasText: sale.receiptNumber }).getByRole('button', { name: /Détails du paiement/ }).click();
      const detail = page.getByRole('dialog', { name: 'Détail du paiement' });
      await detail.getByTestId('provider-log').first().waitFor();
      await page.screenshot({ path: shotPath('admin-payments-detail-390.png') });
      // The raw bodies scroll inside their own box; the dialog never scrolls sideways.
      await detail.locator('pre').last().scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath('admin-payments-log-390.png') });
      expect(await detail.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
    }
  });
});
