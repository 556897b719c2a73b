import type { BrowserContext, Locator, Page } from 'playwright-core';
import { browserForFile, linkIn, mailsTo, newSignedUpVisitor, newVisitor, signUpCustomer, stack, uniqueEmail } from './harness';
import { answerOnPhonePage, fillAndPay, freshNumber, openCheckout } from './support/payments';

/*
 * « Offrir » (issue 26 point 3) against the provider sandbox: a customer offers a video to someone
 * named by e-mail, paying with MTN Mobile Money in the payment dialog (approved on the sandbox's
 * phone page); the video is not in the buyer's library; the recipient's mail carries the claim link;
 * a new account made from that link (sign-up, then back to it) receives the gift and finds the video
 * in its library; the link cannot be used again; the buyer sees it received in « Mes cadeaux ».
 * A gift for a phone number shows the buyer its link to pass on instead (WhatsApp's share), and
 * « Renvoyer » in « Mes cadeaux » replaces it.
 */

const browser = browserForFile();
let buyer: { context: BrowserContext; page: Page };
let recipient: { context: BrowserContext; page: Page };
/** The second test's buyer, who offers to a phone number. */
let phoneBuyer: { context: BrowserContext; page: Page };

// Accounts are made before the tests, each sign-up in its own hook: the form's proof of work is the
// slowest step of a sign-up on a busy machine, and no test's own time should go to it.
beforeAll(async () => {
  buyer = await newSignedUpVisitor(browser, { firstName: 'Fatou', lastName: 'Sarr', email: uniqueEmail('offrante'), phone: '690123458' });
  recipient = await newVisitor(browser);
});
beforeAll(async () => {
  phoneBuyer = await newSignedUpVisitor(browser, { firstName: 'Aminata', lastName: 'Diop', email: uniqueEmail('offrante-tel'), phone: '690123460' });
});

/** The gift link the page shows to pass on (phone gifts): the field's value, and WhatsApp's share carrying it. */
async function linkToPassOn(scope: Locator, title: string): Promise<string> {
  const field = scope.getByTestId('gift-link');
  await field.waitFor({ timeout: 30_000 });
  const url = await field.inputValue();
  expect(url).toMatch(new RegExp(`^${stack.url}/cadeau/[A-Za-z0-9_-]{43}$`));
  const whatsApp = await scope.getByRole('link', { name: 'Envoyer sur WhatsApp' }).getAttribute('href');
  expect(whatsApp).toBe(`https://wa.me/?text=${encodeURIComponent(`Je t’offre « ${title} » sur LBF : ${url}`)}`);
  return url;
}

describe('« Offrir »', () => {
  it('a gift paid through the MTN sandbox is claimed by a new account from the mailed link, once', async () => {
    const { page } = buyer;
    await page.getByTestId('dashboard-counters').waitFor();
    const { itemId, title, dialog } = await openCheckout(page);
    await dialog.getByTestId('gift-on').click();
    const to = uniqueEmail('destinataire');
    await dialog.getByTestId('gift-recipient').fill(to);
    await dialog.getByTestId('gift-message-input').fill('Bon courage pour tes nuits, Fatou');
    expect(await dialog.getByTestId('pay-for-me').count()).toBe(0);
    const national = freshNumber('67');
    await fillAndPay(dialog, national);
    const phone = await buyer.context.newPage();
    await answerOnPhonePage(phone, `237${national}`, 'Approuver');
    await phone.close();
    await dialog.getByTestId('gift-paid').waitFor({ timeout: 30_000 });
    await dialog.getByText(`Le lien pour recevoir le cadeau a été envoyé à ${to}.`).waitFor();
    await page.screenshot({ path: '/tmp/gift-dialog-paid.png' });
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();

    // Not the buyer's: still for sale in their library.
    await page.reload();
    await page.getByTestId('available-videos').locator(`[data-item-id="${itemId}"]`).waitFor();
    expect(await page.getByTestId('purchased-videos').locator(`[data-item-id="${itemId}"]`).count()).toBe(0);

    const [mail] = await mailsTo(to);
    expect(mail!.subject).toBe(`Fatou vous offre « ${title} »`);
    const link = linkIn(mail!, `${stack.url}/cadeau/`);
    expect(link).toMatch(/\/cadeau\/[A-Za-z0-9_-]{43}$/);

    const visitor = recipient.page;
    await visitor.goto(new URL(link).pathname);
    await visitor.getByTestId('gift-title').waitFor();
    expect((await visitor.getByTestId('gift-title').innerText()).replace(/\s+/g, ' ').trim()).toBe(title);
    await visitor.getByText('Fatou vous offre ce contenu').waitFor();
    expect(await visitor.getByTestId('gift-message').innerText()).toBe('Bon courage pour tes nuits, Fatou');
    await visitor.screenshot({ path: '/tmp/gift-page.png', fullPage: true });
    await visitor.getByTestId('gift-sign-in').click();
    await visitor.waitForURL('**/auth?**');
    const from = new URL(visitor.url());
    await signUpCustomer(visitor, { firstName: 'Khady', lastName: 'Ba', email: uniqueEmail('khady'), phone: '690123459' }, { from: `${from.pathname}${from.search}`, landsOn: '**/cadeau/**' });
    await visitor.getByTestId('gift-claim').click();
    await visitor.getByTestId('gift-received').waitFor();
    await visitor.screenshot({ path: '/tmp/gift-received.png', fullPage: true });
    await visitor.getByRole('link', { name: 'Ouvrir ma bibliothèque' }).click();
    await visitor.waitForURL('**/dashboard');
    await visitor.getByTestId('purchased-videos').locator(`[data-item-id="${itemId}"]`).waitFor({ timeout: 30_000 });

    // The link again, in another browser with another new account's eyes: received already.
    const late = await newVisitor(browser);
    await late.page.goto(new URL(link).pathname);
    await late.page.getByText('Ce cadeau a déjà été reçu.').waitFor();
    expect(await late.page.getByTestId('gift-claim').count()).toBe(0);

    // The buyer's « Mes cadeaux »: received.
    await page.goto('/dashboard/cadeaux');
    const row = page.getByTestId('my-gifts').locator('li').first();
    await row.getByText(`Pour : ${to}`).waitFor();
    expect(await row.getByTestId('gift-status').innerText()).toBe('Reçu');
  });

  it('a gift for a phone number gives the buyer a one-time link to pass on (WhatsApp); « Renvoyer » replaces it', async () => {
    const { context, page } = phoneBuyer;
    await page.getByTestId('dashboard-counters').waitFor();
    const { itemId, title, dialog } = await openCheckout(page);
    await dialog.getByTestId('gift-on').click();
    await dialog.getByTestId('gift-kind').selectOption('phone');
    await dialog.getByTestId('gift-recipient').fill('6 77 12 34 56');
    const national = freshNumber('67');
    await fillAndPay(dialog, national);
    const phone = await context.newPage();
    await answerOnPhonePage(phone, `237${national}`, 'Approuver');
    await phone.close();
    await dialog.getByTestId('gift-paid').waitFor({ timeout: 30_000 });
    await dialog.getByText('Envoyez ce lien à la personne (WhatsApp, SMS…). Il ne sert qu’une fois.').waitFor();
    const first = await linkToPassOn(dialog, title);
    await dialog.getByRole('button', { name: 'Copier' }).waitFor();
    await page.screenshot({ path: '/tmp/gift-phone-paid.png' });
    await dialog.getByRole('button', { name: 'Fermer' }).last().click();

    // « Mes cadeaux »: for the number as the buyer typed it, in E.164; « Renvoyer » gives a new link.
    await page.goto('/dashboard/cadeaux');
    const row = page.getByTestId('my-gifts').locator('li').first();
    await row.getByText('Pour : +237677123456').waitFor();
    expect(await row.getByTestId('gift-status').innerText()).toBe('En attente');
    await row.getByTestId('gift-resend').click();
    const second = await linkToPassOn(row, title);
    expect(second).not.toBe(first);

    // The first link no longer works; the new one opens the gift (to a visitor, the claim page's first words).
    const visitor = recipient;
    await visitor.page.goto(new URL(first).pathname);
    await visitor.page.getByText('Ce lien de cadeau n’existe pas ou n’est plus valable.').waitFor();
    expect(await visitor.page.getByTestId('gift-claim').count()).toBe(0);
    await visitor.page.goto(new URL(second).pathname);
    await visitor.page.getByTestId('gift-title').waitFor();
    expect((await visitor.page.getByTestId('gift-title').innerText()).replace(/\s+/g, ' ').trim()).toBe(title);
    await visitor.page.getByText('Aminata vous offre ce contenu').waitFor();

    // Still not the buyer's own.
    await page.goto('/dashboard');
    await page.getByTestId('available-videos').locator(`[data-item-id="${itemId}"]`).waitFor();
    await context.close();
  });
});
