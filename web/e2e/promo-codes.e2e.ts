import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page } from 'playwright-core';
import { hexTextOfPage } from '../../test/pdf-text';
import { browserForFile, mailsTo, newAdminVisitor, newSignedUpVisitor, shotPath, shownToast, uniqueEmail } from './harness';
import { openAdminCreateForm } from './support/admin';
import { answerOnPhonePage, fillAndPay, freshNumber, openCheckout } from './support/payments';

/*
 * Issue 26 point 1, « Codes promo » end to end: an administrator creates a 20 % code good for one
 * use; a customer types it (in lower case) in the payment dialog, sees the discount commerce
 * computed in FCFA and USD and the new total before paying, pays that total with MTN through the
 * payments sandbox, and finds the code and the discount on their receipt; the administrator's page
 * then counts the use and its revenue.
 */

const browser = browserForFile();
let admin: { context: BrowserContext; page: Page };
let customer: { context: BrowserContext; page: Page };
const CODE = `SOLDES${Date.now().toString(36).toUpperCase()}`;
const fcfa = (text: string) => Number(text.replace(/\D/g, ''));
const email = uniqueEmail('promo');

beforeAll(async () => {
  admin = await newAdminVisitor(browser);
  customer = await newSignedUpVisitor(browser, { firstName: 'Awa', lastName: 'Promo', email, phone: '677123456' }, { mobile: false });
});

describe('promo codes', () => {
  let orderId = '';

  it('an administrator creates a 20 % code good for one use on « Codes promo »', async () => {
    const { page } = admin;
    const form = await openAdminCreateForm(page, { path: '/admin/promo', heading: 'Codes promo', button: 'Nouveau code', form: 'Nouveau code promo' });
    await form.getByTestId('promo-code-field').fill(CODE);
    await form.getByTestId('promo-kind-field').selectOption('PERCENT');
    await form.getByTestId('promo-value-field').fill('20');
    await form.getByTestId('promo-max-field').fill('1');
    await form.getByRole('button', { name: 'Créer le code' }).click();
    await shownToast(page, 'Code promo créé').waitFor();
    await page.getByTestId(`promo-uses-${CODE}`).waitFor();
    expect(await page.getByTestId(`promo-uses-${CODE}`).innerText()).toContain('0 / 1');
  });

  it('a customer applies it in the payment dialog, sees the discount in FCFA and USD, pays the new total through the sandbox and finds it on the receipt', async () => {
    const { page } = customer;
    await page.getByTestId('dashboard-counters').waitFor();
    const { dialog } = await openCheckout(page);
    await dialog.getByTestId('checkout-submit').waitFor();
    const price = fcfa(await dialog.getByTestId('checkout-amount').innerText());

    await dialog.getByTestId('checkout-promo-code').fill('inconnu-1');
    await dialog.getByTestId('checkout-promo-apply').click();
    await dialog.getByText("Ce code promo n'est pas valide.").waitFor();

    await dialog.getByTestId('checkout-promo-code').fill(CODE.toLowerCase());
    await dialog.getByTestId('checkout-promo-apply').click();
    await dialog.getByTestId('checkout-promo-applied').waitFor();
    const discount = Math.floor((price * 20) / 100);
    const total = price - discount;
    expect(await dialog.getByTestId('checkout-discount').innerText()).toMatch(new RegExp(`^Remise : -${discount.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sFCFA \\(-\\$\\d+\\.\\d{2}\\)$`));
    expect(fcfa((await dialog.getByTestId('checkout-total').innerText()).split('(')[0]!)).toBe(total);
    expect(fcfa(await dialog.getByTestId('checkout-submit').innerText())).toBe(total);
    await page.screenshot({ path: shotPath('promo-dialog-discount.png') });

    const national = freshNumber('67');
    await fillAndPay(dialog, national);
    orderId = (await dialog.getByTestId('checkout-waiting').getAttribute('data-order-id'))!;
    expect(fcfa(await dialog.getByTestId('checkout-amount').innerText())).toBe(total);
    const phone = await customer.context.newPage();
    await answerOnPhonePage(phone, `237${national}`, 'Approuver');
    await shownToast(page, 'Paiement réussi').waitFor({ timeout: 30_000 });
    await phone.close();

    await page.goto(`/recu/${orderId}`);
    await page.getByTestId('receipt').waitFor();
    expect(await page.getByTestId('receipt-promo').innerText()).toContain(`-${discount.toLocaleString('fr-FR').replace(/\s/g, '\u00a0')}`);
    expect(await page.getByTestId('receipt-promo-code').innerText()).toBe(CODE);
    expect(fcfa((await page.getByTestId('receipt-amount').innerText()).split('(')[0]!)).toBe(total);

    // The receipt mail and its PDF say the same.
    const number = await page.getByTestId('receipt-number').innerText();
    const [mail] = await mailsTo(email, 1, { where: (m) => m.subject.includes(number) });
    expect(mail!.text).toContain(`Code promo : ${CODE}`);
    expect(mail!.text).toMatch(new RegExp(`Remise : -${discount.toLocaleString('fr-FR').replace(/\s/g, '\\s')}\\sFCFA`));
    const attached = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
    const pdf = await PDFDocument.load(Buffer.from(attached.contentBase64, 'base64'));
    expect(hexTextOfPage(pdf, pdf.getPage(0)).join('\n')).toContain(`Code promo\n${CODE}`);
  });

  it('the administrator sees the use (1 / 1) and its revenue', async () => {
    const { page } = admin;
    await page.reload();
    await page.getByTestId(`promo-uses-${CODE}`).waitFor();
    expect(await page.getByTestId(`promo-uses-${CODE}`).innerText()).toContain('1 / 1');
    expect(fcfa((await page.getByTestId(`promo-revenue-${CODE}`).innerText()).split('(')[0]!)).toBeGreaterThan(0);
    await page.screenshot({ path: shotPath('promo-admin-page.png') });
  });
});
