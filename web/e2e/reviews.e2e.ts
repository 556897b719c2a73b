import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, graphql, newAdminVisitor, newVisitor, shotPath, shownToast, signUpCustomer, tokenFor, uniqueEmail } from './harness';
import { MTN_SUCCESS, startMtnCheckout, untilSettled } from './support/payments';

/*
 * Issue 26 point 4, verified reviews in Chromium: a customer who bought a guide through the payments
 * sandbox gives it 4 stars (chosen with the keyboard) and a few words on its page; the page, its card
 * and the catalogue then show the average and the count. Another customer, who did not buy it, reads
 * the review but gets no form, and the server refuses them. An administrator hides the review with a
 * reason, which its author reads on the page.
 */

const browser = browserForFile();
const REVIEW_ITEM = `mutation($input: ReviewItemInput!) { reviewItem(input: $input) { review { id } error { code message } } }`;
type Customer = { context: BrowserContext; page: Page; email: string; token: string };
let buyer: Customer;
let guide: { id: string; title: string };

async function customer(firstName: string, lastName: string): Promise<Customer> {
  const { context, page } = await newVisitor(browser, { mobile: false });
  const email = uniqueEmail(firstName.toLowerCase());
  await signUpCustomer(page, { firstName, lastName, email, phone: '690123456', healthDataConsent: true });
  return { context, page, email, token: await tokenFor(email, 'secret-lbf') };
}

/** The oldest guide (other browser tests buy from the newest), bought by `who` with MTN, once catalogue knows it. */
async function buyOldestGuide(who: Customer): Promise<{ id: string; title: string }> {
  const { pdfs } = await graphql<{ pdfs: { items: Array<{ id: string; title: string }> } }>('query { pdfs(page: 1, pageSize: 50) { items { id title } } }');
  const pdf = pdfs.items[pdfs.items.length - 1]!;
  const started = await startMtnCheckout<{ id: string; status: string }>(who.token, { itemId: pdf.id, itemType: 'PDF' }, MTN_SUCCESS, 'id status');
  const order = await untilSettled(who.token, started, 'id status');
  if (order.status !== 'COMPLETED') throw new Error(`the order did not complete: ${JSON.stringify(order)}`);
  const deadline = Date.now() + 20_000;
  while (!(await graphql<{ pdf: { purchased: boolean } }>('query($id: ID!) { pdf(id: $id) { purchased } }', { id: pdf.id }, who.token)).pdf.purchased) {
    if (Date.now() > deadline) throw new Error('catalogue never granted the guide');
    await new Promise((r) => setTimeout(r, 250));
  }
  return pdf;
}

beforeAll(async () => {
  buyer = await customer('Mariama', 'Tchoumi');
  guide = await buyOldestGuide(buyer);
}, 120_000);

describe('verified reviews', () => {
  // Inside the describe: it runs before the file's browser closes.
  afterAll(async () => {
    await buyer?.context.close();
  });

  it('the buyer rates the guide with the keyboard, writes a few words and publishes them', async () => {
    const { page } = buyer;
    await page.goto(`/pdfs/${guide.id}`);
    const form = page.getByTestId('review-form');
    await form.getByRole('heading', { name: 'Donner mon avis' }).waitFor();
    // The stars are a radio group: Tab reaches it, the arrows move the choice.
    await form.getByLabel('3 étoiles sur 5').focus();
    await page.keyboard.press('ArrowRight');
    expect(await form.getByLabel('4 étoiles sur 5').isChecked()).toBe(true);
    await form.getByText('Très bien').waitFor();
    await form.getByLabel('Votre avis (facultatif)').fill('Clair, pratique, avec de bonnes recettes de tisanes.');
    await form.getByRole('button', { name: 'Publier mon avis' }).click();
    await shownToast(page, 'Merci ! Votre avis est publié.').waitFor();

    const review = page.getByTestId('review-list').getByTestId('review').filter({ hasText: 'Mariama T.' });
    await review.getByText('Clair, pratique, avec de bonnes recettes de tisanes.').waitFor();
    await review.getByRole('img', { name: '4 étoiles sur 5' }).waitFor();
    // The whole surname is nowhere on the page.
    expect(await page.getByTestId('item-reviews').textContent()).not.toContain('Tchoumi');
    await page.getByTestId('item-reviews').getByRole('img', { name: 'Note moyenne : 4,0 sur 5, 1 avis' }).waitFor();
    // Edited, not written twice: the form now offers to change it.
    await form.getByRole('button', { name: 'Modifier mon avis' }).waitFor();
    await page.getByTestId('item-reviews').scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('reviews-pdf-detail.png'), fullPage: true });
  });

  it('the catalogue’s card shows the average and the count', async () => {
    const { page } = buyer;
    await page.goto('/pdfs');
    const card = page.locator(`#pdf-${guide.id}`);
    await card.getByTestId('rating-summary').waitFor();
    expect(await card.getByTestId('rating-summary').textContent()).toMatch(/\(\d+ avis\)/);
  });

  it('a customer who did not buy it reads the review but gets no form, and the server refuses them', async () => {
    const other = await customer('Paul', 'Essomba');
    try {
      await other.page.goto(`/pdfs/${guide.id}`);
      await other.page.getByTestId('review-list').getByText('Mariama T.').waitFor();
      expect(await other.page.getByTestId('review-form').count()).toBe(0);
      expect(await other.page.getByText('Donner mon avis').count()).toBe(0);
      const { reviewItem } = await graphql<{ reviewItem: { review: unknown; error: { code: string; message: string } } }>(
        REVIEW_ITEM,
        { input: { itemId: guide.id, rating: 1, text: 'Jamais lu.' } },
        other.token,
      );
      expect(reviewItem).toEqual({ review: null, error: { code: 'NOT_PURCHASED', message: 'Seuls les acheteurs de ce contenu peuvent donner leur avis.' } });
    } finally {
      await other.context.close();
    }
  });

  it('an administrator hides it with a reason, which its author reads on the page', async () => {
    const admin = await newAdminVisitor(browser);
    try {
      await admin.page.goto('/admin/reviews');
      await admin.page.getByRole('button', { name: "Masquer l'avis de Mariama T." }).first().click();
      await admin.page.getByLabel('Raison').fill('Mentionne une marque de tisane');
      await admin.page.getByRole('button', { name: 'Masquer l’avis' }).click();
      await shownToast(admin.page, 'Avis masqué').waitFor();
      await admin.page.getByRole('button', { name: 'Masqués' }).click();
      await admin.page.getByTestId('data-row').filter({ hasText: 'Mariama T.' }).getByText('Masqué : Mentionne une marque de tisane').first().waitFor();
    } finally {
      await admin.context.close();
    }
    await buyer.page.goto(`/pdfs/${guide.id}`);
    await buyer.page.getByText('Votre avis a été masqué par l’équipe LBF : Mentionne une marque de tisane').waitFor();
    expect(await buyer.page.getByTestId('review-list').getByText('Mariama T.').count()).toBe(0);
  });
});
