import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { hexTextOfPage } from '../../test/pdf-text';
import { browserForFile, newVisitor, shownToast, signUpCustomer, stack, uniqueEmail } from './harness';
import { answerOnPhonePage, fillAndPay, freshNumber, openCheckout } from './support/payments';

/*
 * A customer named Ŋgono Ɛyenga buys a demo PDF guide through the payments sandbox (MTN, approved
 * on the sandbox's phone page), then 'Télécharger' gives a PDF stamped with their name and order
 * on every page, and 'Lire' opens that copy in the browser. Visitors and non-buyers get the buy
 * dialog (or the sign-in it needs) instead.
 */

const FIRST = 'Ŋgono';
const LAST = 'Ɛyenga';

const browser = browserForFile();
let buyer: { context: BrowserContext; page: Page };
let email: string;
let phone: Page;
let bought: string;

/** Reads a stamped PDF: every page's stamp texts. */
async function stampsOf(bytes: Buffer): Promise<{ pages: string[][]; subject: string | undefined }> {
  const doc = await PDFDocument.load(bytes);
  return { pages: doc.getPages().map((p) => hexTextOfPage(doc, p)), subject: doc.getSubject() };
}

beforeAll(async () => {
  buyer = await newVisitor(browser);
  email = uniqueEmail('ngono');
  await signUpCustomer(buyer.page, { firstName: FIRST, lastName: LAST, email, phone: '690123456' });
  phone = await buyer.context.newPage();
});

describe('a PDF guide delivered to its buyer', () => {
  it('a customer buys a guide from the dashboard', async () => {
    const { page } = buyer;
    await page.bringToFront();
    const { itemId, dialog } = await openCheckout(page, 'available-pdfs');
    bought = itemId;
    const national = freshNumber('67');
    await fillAndPay(dialog, national);
    await answerOnPhonePage(phone, `237${national}`);
    await page.bringToFront();
    await shownToast(page, 'Paiement réussi').waitFor({ timeout: 30_000 });
    await page.getByTestId('purchased-pdfs').locator(`[data-item-id="${bought}"]`).waitFor();
  });

  it("'Télécharger' gives a PDF stamped on every page with their name, e-mail and order number", async () => {
    const { page } = buyer;
    const owned = page.getByTestId('purchased-pdfs').locator(`[data-item-id="${bought}"]`);
    const [download] = await Promise.all([page.waitForEvent('download'), owned.getByTestId('pdf-download').click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, subject } = await stampsOf(bytes);
    expect(pages.length).toBeGreaterThan(0);
    const footer = new RegExp(`^Licence personnelle — ${FIRST} ${LAST} — ${email.replace(/[.+]/g, '\\$&')} — commande LBF-\\d{4}-\\d{6}$`);
    for (const texts of pages) {
      expect(texts[0]).toMatch(footer);
      expect(texts[1]).toBe(email);
    }
    expect(subject).toMatch(footer);
    // The download URL named the buyer's copy, not the original.
    expect(decodeURIComponent(download.url())).toMatch(/\/media\/pdfs\/stamped\/[0-9a-f-]{36}\.pdf\?/);
  });

  it("'Lire' opens that copy in the browser", async () => {
    const { page, context } = buyer;
    const owned = page.getByTestId('purchased-pdfs').locator(`[data-item-id="${bought}"]`);
    const served = new Promise<Response>((resolve) => {
      const onResponse = (r: Response) => {
        if (!decodeURIComponent(r.url()).includes('/media/pdfs/stamped/')) return;
        context.off('response', onResponse);
        resolve(r);
      };
      context.on('response', onResponse);
    });
    const [tab] = await Promise.all([context.waitForEvent('page'), owned.getByTestId('pdf-read').click()]);
    const res = await served;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/pdf');
    expect(res.headers()['content-disposition']).toBe('inline');
    await tab.waitForURL(/\/media\/pdfs\/stamped/);
    await tab.waitForTimeout(1000);
    await tab.screenshot({ path: '/tmp/pdf-read-tab.png' });
    // The bytes behind the same signed URL (what the browser's viewer shows).
    const again = await fetch(res.url());
    const { pages } = await stampsOf(Buffer.from(await again.arrayBuffer()));
    expect(pages.every((texts) => texts[0]?.includes(`${FIRST} ${LAST}`))).toBe(true);
    await tab.close();
  });

  it('a signed-in customer who has not bought a guide gets the buy dialog; a visitor is asked to sign in and gets no file', async () => {
    const { page } = buyer;
    await page.goto('/pdfs');
    const notOwned = page.getByTestId('pdf-card').filter({ has: page.getByTestId('pay-mtn') }).first();
    await notOwned.waitFor();
    expect(await notOwned.getByTestId('pdf-download').count()).toBe(0);
    await notOwned.getByTestId('pay-mtn').click();
    await page.getByTestId('checkout-dialog').waitFor();
    await page.keyboard.press('Escape');

    // Visitors: the guide pages need an account (spec §2 guards): /pdfs sends them to sign in first,
    // and the API hands them no file.
    const visitor = await newVisitor(browser);
    try {
      await visitor.page.goto('/pdfs');
      await visitor.page.waitForURL('**/auth**');
      expect(await visitor.page.getByTestId('pdf-card').count()).toBe(0);
    } finally {
      await visitor.context.close();
    }
    const res = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation($id: ID!) { downloadPdf(id: $id, inline: true) { url } }', variables: { id: bought } }),
    });
    const body = (await res.json()) as { data?: { downloadPdf: { url: string | null } } | null; errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.data?.downloadPdf?.url ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
