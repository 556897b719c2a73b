import type { BrowserContext, Page } from 'playwright-core';
import { browserForFile, mailsTo, newSignedUpVisitor, newVisitor, shownToast, stack, uniqueEmail } from './harness';
import { answerOnPhonePage, freshNumber, openCheckout } from './support/payments';

/*
 * « Payer pour moi » (issue 26 point 2) against the provider sandbox: a customer creates a link in
 * the payment dialog; someone with no account opens it in another browser context, pays with MTN
 * Mobile Money (approving on the sandbox's phone page), gets the receipt on screen; the item is in
 * the customer's library at once (a toast on the requester's page, live, no reload) and both are
 * mailed; the link cannot be paid again. Crawlers (no JavaScript) read the link's own preview.
 */

/** Link-preview crawlers as they identify themselves; none runs JavaScript. */
const CRAWLERS = {
  WhatsApp: 'WhatsApp/2.23.18.78 i',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Telegram: 'TelegramBot (like TwitterBot)',
  Twitter: 'Twitterbot/1.0',
};

/** The <title> and Open Graph tags of the HTML a crawler gets for `url` (no script run). */
async function preview(url: string, userAgent: string): Promise<{ title: string; og: Record<string, string> }> {
  const res = await fetch(url, { headers: { 'user-agent': userAgent } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const html = await res.text();
  const decode = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const og = Object.fromEntries([...html.matchAll(/<meta property="(og:[a-z:_]+)" content="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
  return { title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''), og };
}

const browser = browserForFile();
let requester: { context: BrowserContext; page: Page };
let payer: { context: BrowserContext; page: Page };
const requesterEmail = uniqueEmail('demandeuse');

beforeAll(async () => {
  requester = await newSignedUpVisitor(browser, { firstName: 'Mariama', lastName: 'Diallo', email: requesterEmail, phone: '690123457' });
  payer = await newVisitor(browser);
});

describe('« Payer pour moi »', () => {
  it('a link created in the dialog is paid from another browser with no account, and the item is the requester’s', async () => {
    const { page } = requester;
    await page.getByTestId('dashboard-counters').waitFor();
    const { itemId, title, dialog } = await openCheckout(page);
    const section = dialog.getByTestId('pay-for-me');
    await section.getByTestId('pay-for-me-create').waitFor();
    const consent = section.getByTestId('pay-for-me-health-consent');
    if (await consent.count()) await consent.check();
    await section.getByTestId('pay-for-me-create').click();
    const url = await section.getByTestId('pay-for-me-link').inputValue();
    expect(url).toMatch(/\/payer-pour-moi\/[A-Za-z0-9_-]{43}$/);
    await page.screenshot({ path: '/tmp/payfor-dialog.png' });
    await page.keyboard.press('Escape');

    // Shared on WhatsApp (or Facebook, Telegram, Twitter): the link's own preview, from the server.
    for (const [crawler, userAgent] of Object.entries(CRAWLERS)) {
      const { title: pageTitle, og } = await preview(url, userAgent);
      expect({ crawler, title: pageTitle, ogTitle: og['og:title'], url: og['og:url'] }).toEqual({ crawler, title: `Payer « ${title} » pour Mariama | LBF`, ogTitle: `Payer « ${title} » pour Mariama`, url });
      expect(og['og:description']).toMatch(new RegExp(`^Mariama vous demande de payer « .+ » \\(\\d[\\d ]* FCFA\\) sur LBF\\.`));
      expect(og['og:description']).not.toMatch(/Diallo|demandeuse/);
      expect(og['og:image']!.startsWith(`${new URL(stack.url).origin}/`)).toBe(true);
    }
    const cover = await fetch((await preview(url, CRAWLERS.WhatsApp)).og['og:image']!);
    expect(cover.status).toBe(200);
    expect(cover.headers.get('content-type')).toMatch(/^image\//);

    const visitor = payer.page;
    await visitor.goto(new URL(url).pathname);
    await visitor.getByTestId('pay-link-title').waitFor();
    expect((await visitor.getByTestId('pay-link-title').innerText()).replace(/\s+/g, ' ').trim()).toBe(title);
    await visitor.getByText('Mariama vous demande de payer ce contenu').waitFor();
    expect(await visitor.getByTestId('pay-link-amount').innerText()).toMatch(/^\d[\d\s]*\sFCFA$/);
    await visitor.screenshot({ path: '/tmp/payfor-page.png', fullPage: true });

    const national = freshNumber('67');
    await visitor.getByTestId('pay-link-method').selectOption('MTN');
    await visitor.getByTestId('pay-link-phone').fill(national);
    const payerEmail = uniqueEmail('payeur');
    await visitor.getByTestId('pay-link-name').fill('Kofi');
    await visitor.getByTestId('pay-link-email').fill(payerEmail);
    await visitor.getByTestId('pay-link-submit').click();
    await visitor.getByTestId('pay-link-pending').waitFor();
    const phone = await payer.context.newPage();
    await answerOnPhonePage(phone, `237${national}`, 'Approuver');
    await visitor.getByTestId('pay-link-receipt').waitFor({ timeout: 30_000 });
    expect(await visitor.getByTestId('pay-link-receipt').innerText()).toMatch(/^LBF : .+ FCFA payés pour « .+ » \(pour Mariama\)\. Reçu LBF-\d{4}-\d{6}\. Merci !$/);
    await visitor.screenshot({ path: '/tmp/payfor-page-paid.png', fullPage: true });

    // The requester's page, open all along: told live, and the item in the library without a reload.
    await shownToast(page, `Kofi a payé « ${title} » pour vous`).waitFor({ timeout: 15_000 });
    await page.getByTestId('purchased-videos').locator(`[data-item-id="${itemId}"]`).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/payfor-requester-told.png' });
    // And by mail: the requester who paid, the payer the receipt.
    const [receipt] = await mailsTo(payerEmail, 1);
    expect(receipt!.subject).toMatch(/^Reçu LBF-\d{4}-\d{6}$/);
    expect(receipt!.text).toContain(`Vous avez payé « ${title} » pour Mariama`);
    const [told] = await mailsTo(requesterEmail, 1, { where: (m) => m.subject === `Kofi a payé « ${title} » pour vous` });
    expect(told!.text).toContain('Le contenu est dans votre bibliothèque');

    // Paid: the preview no longer names the item nor the requester.
    const { og: after } = await preview(url, CRAWLERS.WhatsApp);
    expect(after['og:title']).toBe('Payer pour un proche');
    expect(JSON.stringify(after)).not.toMatch(/Mariama|FCFA/);

    // Opened again (another browser, still no account): paid, nothing to pay.
    const late = await newVisitor(browser);
    await late.page.goto(new URL(url).pathname);
    await late.page.getByTestId('pay-link-paid').waitFor();
    expect(await late.page.getByTestId('pay-link-submit').count()).toBe(0);
  }, 180_000);
});
