import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, newAdminVisitor, shotPath, shownToast, signedUpCustomer, uniqueEmail } from './harness';
import { openAdminCreateForm } from './support/admin';
import { signedWith, startReceiver, type Received } from './support/webhook-receiver';

/*
 * Issue 24 point 5, « Webhooks » end to end: an administrator subscribes an HTTPS receiver on
 * loopback to registrations (the secret shown once), a visitor signs up, the receiver gets the signed
 * delivery (its first answer a 500, so the page shows a failed attempt, then the retry's success),
 * and « Renvoyer » sends the same delivery id again. « Changer le secret » shows a new secret once;
 * the next delivery is signed with both secrets while the old one is still accepted.
 */

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let answered = 0;
/** The secret shown when the webhook was made. */
let firstSecret = '';

beforeAll(async () => {
  receiver = await startReceiver(() => (answered++ === 0 ? 500 : 200));
  admin = await newAdminVisitor(browser);
});
afterAll(async () => receiver?.stop());

async function receivedWhere(test: (r: Received[]) => boolean, what: string, timeoutMs = 60_000): Promise<Received[]> {
  const deadline = Date.now() + timeoutMs;
  while (!test(receiver.received)) {
    if (Date.now() > deadline) throw new Error(`the receiver did not get ${what}: ${JSON.stringify(receiver.received.map((r) => r.id))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return receiver.received;
}

describe('the back-office « Webhooks » page', () => {
  it('creates a webhook and shows its secret once', async () => {
    const { page } = admin;
    const form = await openAdminCreateForm(page, { path: '/admin/webhooks', heading: 'Webhooks', button: 'Créer un webhook', form: 'Nouveau webhook' });
    await form.getByTestId('webhook-url-field').fill(receiver.url);
    await form.getByLabel('Inscription').check();
    await form.getByRole('button', { name: 'Créer le webhook' }).click();
    await shownToast(page, 'Webhook créé').waitFor();
    firstSecret = await page.getByTestId('webhook-secret').inputValue();
    expect(firstSecret).toMatch(/^whsec_/);
    await page.getByText('Il ne sera plus jamais affiché').first().waitFor();
    await page.getByRole('button', { name: 'J’ai copié le secret' }).click();
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await row.getByTestId('webhook-status').filter({ hasText: 'Actif' }).waitFor();
    expect(await page.getByTestId('webhook-secret').count()).toBe(0);
  });

  it('shows a delivery with its failed then successful attempts, and « Renvoyer » sends it again', async () => {
    await signedUpCustomer(browser, { firstName: 'Aïcha', lastName: 'Mbarga', email: uniqueEmail('webhook'), phone: '677889911' }, { mobile: false });
    const [first] = await receivedWhere((r) => r.length >= 2, 'the registration and its retry');
    expect(first!.body).toMatchObject({ id: first!.id, type: 'user.registered' });
    expect(first!.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(signedWith(firstSecret, first!)).toBe(true);

    const { page } = admin;
    await page.getByRole('button', { name: `Livraisons du webhook ${receiver.url}` }).click();
    const dialog = page.getByRole('dialog');
    const delivery = dialog.getByTestId('webhook-delivery').filter({ hasText: first!.id });
    await delivery.getByTestId('webhook-delivery-status').filter({ hasText: 'Livrée' }).waitFor({ timeout: 5_000 }).catch(async () => {
      await dialog.getByRole('button', { name: 'Actualiser' }).click();
      await delivery.getByTestId('webhook-delivery-status').filter({ hasText: 'Livrée' }).waitFor();
    });
    await delivery.getByText('Tentative 1 : HTTP 500').waitFor();
    await delivery.getByText('Tentative 2 : HTTP 200').waitFor();
    await page.screenshot({ path: shotPath('webhook-deliveries.png') });

    const before = receiver.received.length;
    await delivery.getByRole('button', { name: 'Renvoyer' }).click();
    await shownToast(page, 'Livraison renvoyée').waitFor();
    const all = await receivedWhere((r) => r.length > before, 'the delivery sent again');
    expect(all[before]!.id).toBe(first!.id);
    await dialog.getByRole('button', { name: 'Actualiser' }).click();
    await delivery.getByText('Tentative 3 : HTTP 200').waitFor();
  });

  it('« Changer le secret » shows a new secret once; the next delivery carries both signatures while the old one is accepted', async () => {
    const { page } = admin;
    // The deliveries dialog of the test before is closed first.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Changer le secret du webhook ${receiver.url}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('L’ancien reste accepté 24 heures').waitFor();
    await confirm.getByRole('button', { name: 'Changer le secret' }).click();
    await shownToast(page, 'Secret changé').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Copiez le nouveau secret maintenant' });
    const secret = await dialog.getByTestId('webhook-secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(firstSecret);
    await page.screenshot({ path: shotPath('webhook-new-secret.png') });
    await dialog.getByRole('button', { name: 'J’ai copié le secret' }).click();
    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await row.getByTestId('webhook-previous-secret').filter({ hasText: 'Ancien secret accepté jusqu’au' }).waitFor();

    const before = receiver.received.length;
    await signedUpCustomer(browser, { firstName: 'Binta', lastName: 'Kamga', email: uniqueEmail('webhook-secret'), phone: '677889912' }, { mobile: false });
    const all = await receivedWhere((r) => r.length > before, 'a registration after the change');
    const hook = all[before]!;
    expect(hook.signature.split(' ')).toHaveLength(2);
    expect(signedWith(secret, hook)).toBe(true);
    expect(signedWith(firstSecret, hook)).toBe(true);
  });
});
