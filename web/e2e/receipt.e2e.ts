import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import { hexTextOfPage } from '../../test/pdf-text';
import { browserForFile, mailsTo, newVisitor, shownToast, signUpCustomer, stack, uniqueEmail } from './harness';
import { answerOnPhonePage, fillAndPay, freshNumber, openCheckout } from './support/payments';

/*
 * Issue 20 §9, a receipt a buyer can show: an administrator sets the seller's legal identity in
 * the settings; a customer named Ŋgono Ɛyenga buys a guide (MTN on the payments sandbox); their
 * receipt page names the seller, the buyer, the item, the amounts, the method, the operator's
 * transaction, the date in the site's time zone and its number once, and prints on one A4 sheet;
 * the receipt mail carries the same receipt as a PDF.
 */

const LEGAL = { name: 'LBF Santé SARL', address: 'Rue Joss, Akwa\nBP 1234 Douala', taxId: 'M012345678901A' };
const FIRST = 'Ŋgono';
const LAST = 'Ɛyenga';

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
let buyer: { context: BrowserContext; page: Page };
let email: string;
let stored: { legalName: string; legalAddress: string; taxId: string } | null = null;

async function settingsForm(page: Page) {
  await page.goto('/admin/settings');
  const form = page.getByRole('form', { name: 'Paramètres du site' });
  await form.getByLabel('Raison sociale').waitFor();
  await page.waitForLoadState('networkidle');
  return form;
}

beforeAll(async () => {
  admin = await newVisitor(browser, { mobile: false });
  await admin.page.goto('/admin/login');
  await admin.page.getByLabel('Email').fill(stack.demo.admin.email);
  await admin.page.getByLabel('Mot de passe', { exact: true }).fill(stack.demo.admin.password);
  await admin.page.getByRole('button', { name: 'Accès administrateur' }).click();
  await admin.page.waitForURL('**/admin');
  buyer = await newVisitor(browser, { mobile: false });
  email = uniqueEmail('recu');
  await signUpCustomer(buyer.page, { firstName: FIRST, lastName: LAST, email, phone: '677123456' });
});

describe('a receipt a buyer can show', () => {
  // Inside the describe: it runs before the file's browser closes.
  afterAll(async () => {
    // The stored legal identity back for the other browser tests of the run.
    if (stored && admin) {
      const form = await settingsForm(admin.page);
      await form.getByLabel('Raison sociale').fill(stored.legalName);
      await form.getByLabel('Adresse', { exact: true }).fill(stored.legalAddress);
      await form.getByLabel('Identifiant fiscal (NIU)').fill(stored.taxId);
      await form.getByRole('button', { name: 'Sauvegarder' }).click();
      await shownToast(admin.page, 'Paramètres sauvegardés').waitFor();
    }
  });

  it("an administrator sets the seller's legal identity; a NIU of the wrong shape is refused beside its field", async () => {
    const { page } = admin;
    const form = await settingsForm(page);
    stored = {
      legalName: await form.getByLabel('Raison sociale').inputValue(),
      legalAddress: await form.getByLabel('Adresse', { exact: true }).inputValue(),
      taxId: await form.getByLabel('Identifiant fiscal (NIU)').inputValue(),
    };
    await form.getByLabel('Identifiant fiscal (NIU)').fill('12345');
    await form.getByRole('button', { name: 'Sauvegarder' }).click();
    await form.getByText('Veuillez entrer un identifiant fiscal (NIU) valide : une lettre, 12 chiffres et une lettre (ex. M012345678901A).').waitFor();

    await form.getByLabel('Raison sociale').fill(LEGAL.name);
    await form.getByLabel('Adresse', { exact: true }).fill(LEGAL.address);
    await form.getByLabel('Identifiant fiscal (NIU)').fill('m 0123 4567 8901 a');
    await form.getByRole('button', { name: 'Sauvegarder' }).click();
    await shownToast(page, 'Paramètres sauvegardés').waitFor();
    // Stored as the tax office writes it.
    await expect(form.getByLabel('Identifiant fiscal (NIU)').inputValue()).resolves.toBe(LEGAL.taxId);
  });

  it('the buyer\'s receipt page names the seller, the buyer, the item, the amounts, the method, the transaction, the date and its number once, and prints on one A4 page', async () => {
    const { page, context } = buyer;
    await page.goto('/dashboard');
    const { itemId, dialog } = await openCheckout(page, 'available-pdfs');
    const national = freshNumber('67');
    await fillAndPay(dialog, national);
    const phone = await context.newPage();
    await answerOnPhonePage(phone, `237${national}`);
    await phone.close();
    await page.bringToFront();
    await shownToast(page, 'Paiement réussi').waitFor({ timeout: 30_000 });
    await page.getByTestId('purchased-pdfs').locator(`[data-item-id="${itemId}"]`).waitFor();

    await page.goto('/dashboard/achats');
    await page.locator('[data-testid="purchase-row"][data-status="COMPLETED"]').first().getByTestId('receipt-link').click();
    await page.waitForURL('**/recu/*');
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    const number = await page.getByTestId('receipt-number').innerText();
    expect(number).toMatch(/^LBF-\d{4}-\d{6}$/);

    const seller = await page.getByTestId('receipt-seller').innerText();
    for (const part of [LEGAL.name, 'Rue Joss, Akwa', 'BP 1234 Douala', `NIU : ${LEGAL.taxId}`]) expect(seller).toContain(part);
    const buyerText = await page.getByTestId('receipt-buyer').innerText();
    expect(buyerText).toContain(`${FIRST} ${LAST}`);
    expect(buyerText).toContain(email);
    await expect(page.getByTestId('receipt-item').innerText()).resolves.toMatch(/\(Guide PDF\)$/);
    await expect(page.getByTestId('receipt-amount').innerText()).resolves.toMatch(/^\d[\d\s]*\sFCFA \(\$\d+\.\d{2}\)$/);
    await expect(page.getByTestId('receipt-method').innerText()).resolves.toBe('MTN Mobile Money');
    await expect(page.getByTestId('receipt-transaction').innerText()).resolves.toMatch(/\S{4,}/);
    await expect(page.getByTestId('receipt-date').innerText()).resolves.toMatch(/^\d{1,2} \S+ \d{4} à \d{2}:\d{2} \(UTC\+1\)$/);
    const whole = await page.locator('body').innerText();
    expect(whole.split(number)).toHaveLength(2);
    await page.screenshot({ path: '/tmp/receipt-page.png', fullPage: true });

    await page.emulateMedia({ media: 'print' });
    const printed = await PDFDocument.load(await page.pdf({ format: 'A4', printBackground: true }));
    await page.emulateMedia({ media: null });
    expect(printed.getPageCount()).toBe(1);
    const { width, height } = printed.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([210, 297]);

    // The receipt mail carries the same receipt as a PDF.
    const [mail] = await mailsTo(email, 1, { where: (m) => m.subject.includes(number) });
    const attached = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(attached.filename).toBe(`recu-${number}.pdf`);
    const pdf = await PDFDocument.load(Buffer.from(attached.contentBase64, 'base64'));
    expect(pdf.getPageCount()).toBe(1);
    const text = hexTextOfPage(pdf, pdf.getPage(0)).join('\n');
    for (const part of [LEGAL.name, `NIU : ${LEGAL.taxId}`, `${FIRST} ${LAST}`, email, 'MTN Mobile Money', await page.getByTestId('receipt-transaction').innerText()]) {
      expect(text).toContain(part);
    }
    expect(text.split(number)).toHaveLength(2);
  });
});
