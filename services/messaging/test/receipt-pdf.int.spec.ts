import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { until, withHarness } from '@lbf/service-kit/testing';
import { hexTextOfPage } from '../../../test/pdf-text';
import { messagingHarness } from './harness';
import { registerUser } from './factories/users';

/** Issue 20 §9: a receipt a buyer can show, attached to the receipt mail as a one-page A4 PDF. */
describe('the receipt mail', () => {
  const ctx = withHarness(() => messagingHarness());

  it("attaches the receipt as a one-page A4 PDF naming the seller's legal identity, the buyer, the item, the amounts, the method, the transaction, the date and the number once", async () => {
    const settings = await ctx.publish('catalogue.settings.updated', {
      siteName: 'LBF',
      siteLogo: null,
      contactEmail: 'contact@lbf.test',
      contactPhone: '+237 6 99 99 99 99',
      legalName: 'LBF Santé SARL',
      legalAddress: 'Rue Joss, Akwa\nBP 1234 Douala',
      taxId: 'M012345678901A',
      occurredAt: new Date().toISOString(),
    });
    await until(
      async () => ((await ctx.sql.query(`SELECT 1 FROM messaging.inbox WHERE consumer = 'messaging-site-settings' AND event_id = $1`, [settings.id])).rowCount ? true : null),
      10_000,
      'settings applied',
    );

    const buyer = await ctx.newUser();
    const email = await registerUser(ctx, buyer, { firstName: 'Ŋgono', lastName: 'Ɛyenga', origin: 'admin-command' });
    await ctx.publish('commerce.purchase.completed', {
      orderId: randomUUID(),
      receiptNumber: 'LBF-2026-000077',
      buyerId: buyer.userId,
      buyerEmail: email,
      buyerName: 'Ŋgono Ɛyenga',
      itemId: randomUUID(),
      itemType: 'pdf',
      itemTitle: 'Guide du moringa',
      amountUsdCents: 100,
      amountXaf: 656,
      provider: 'mtn',
      operatorTransactionId: '8765432109',
      completedAt: '2026-11-23T23:30:00.000Z',
    });

    const [mail] = await ctx.mailsTo(email);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['recu-LBF-2026-000077.pdf', 'application/pdf']]);
    const pdf = await PDFDocument.load(Buffer.from(mail.attachments[0]!.contentBase64, 'base64'));
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    // A4: 210 × 297 mm.
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([210, 297]);

    const text = hexTextOfPage(pdf, pdf.getPage(0)).join('\n');
    for (const part of [
      'LBF Santé SARL',
      'Rue Joss, Akwa',
      'BP 1234 Douala',
      'NIU : M012345678901A',
      'contact@lbf.test',
      'Ŋgono Ɛyenga',
      email,
      'Guide du moringa (Guide PDF)',
      '656 FCFA (1,00 $)',
      'MTN Mobile Money',
      '8765432109',
      // 23:30 UTC is the next day in Douala.
      '24 novembre 2026 à 00:30 (UTC+1)',
    ]) {
      expect(text).toContain(part);
    }
    expect(text.split('LBF-2026-000077')).toHaveLength(2);
    await ctx.sql.query(`DELETE FROM messaging.site_settings`);
  });
});
