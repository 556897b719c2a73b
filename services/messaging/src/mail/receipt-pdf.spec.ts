import { PDFDocument } from 'pdf-lib';
import { hexTextOfPage } from '../../../../test/pdf-text';
import { formatReceiptDate, receiptDocument } from './receipt-document';
import { A4, receiptPdf } from './receipt-pdf';
import type { SiteIdentity } from './layout';
import type { TemplateData } from './template-data';

const site: SiteIdentity = {
  siteName: 'LBF',
  logoUrl: null,
  contactEmail: 'contact@lbf.test',
  contactPhone: '+237 6 99 99 99 99',
  legal: { name: 'LBF Santé SARL', address: 'Rue Joss, Akwa\nBP 1234 Douala', taxId: 'M012345678901A' },
  publicUrl: 'https://lbf.example',
};

const data: TemplateData['purchase_receipt'] = {
  firstName: 'Ŋgono',
  buyerName: 'Ŋgono Ɛyenga',
  buyerEmail: 'ngono@example.cm',
  receiptNumber: 'LBF-2026-000042',
  orderId: '3f1c2b7a-8d3b-4a57-9d7e-2f9f4f1b6a10',
  itemTitle: 'Remèdes traditionnels : le moringa',
  itemType: 'video',
  amountXaf: 2356,
  amountUsdCents: 359,
  provider: 'mtn',
  operatorTransactionId: '1234567890',
  completedAt: '2026-11-23T18:05:00.000Z',
};

async function pageText(bytes: Buffer): Promise<{ pages: number; size: { width: number; height: number }; text: string }> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPage(0);
  return { pages: doc.getPageCount(), size: page.getSize(), text: hexTextOfPage(doc, page).join('\n') };
}

describe('the receipt PDF', () => {
  it('is one A4 page naming the seller, the buyer, the item, both amounts, the method, the transaction, the date and the number once', async () => {
    const { pages, size, text } = await pageText(await receiptPdf(receiptDocument(data, site), { author: 'LBF', createdAt: new Date(data.completedAt) }));
    expect(pages).toBe(1);
    expect([size.width, size.height]).toEqual(A4);
    for (const part of [
      'LBF Santé SARL',
      'LBF · lbf.example',
      'Rue Joss, Akwa',
      'BP 1234 Douala',
      'NIU : M012345678901A',
      'Contact : contact@lbf.test · +237 6 99 99 99 99',
      'Reçu de paiement',
      'Ŋgono Ɛyenga',
      'ngono@example.cm',
      'Remèdes traditionnels : le moringa (Vidéo)',
      '2 356 FCFA (3,59 $)',
      'MTN Mobile Money',
      '1234567890',
      '23 novembre 2026 à 19:05 (UTC+1)',
    ]) {
      expect(text).toContain(part);
    }
    expect(text.split('LBF-2026-000042').length - 1).toBe(1);
  });

  it('names the site when no raison sociale is set, and wraps a long title on the same page', async () => {
    const doc = receiptDocument({ ...data, itemTitle: 'Un titre très long '.repeat(20).trim() }, { ...site, legal: undefined });
    expect(doc.seller).toEqual({ name: 'LBF', lines: ['lbf.example', 'Contact : contact@lbf.test · +237 6 99 99 99 99'] });
    const { pages, text } = await pageText(await receiptPdf(doc, { author: 'LBF', createdAt: new Date() }));
    expect(pages).toBe(1);
    expect(text.replace(/\n/g, ' ')).toContain('Un titre très long Un titre très long');
  });

  it('with a promo code: the price before it, the code and its discount in FCFA and USD, then what was paid', async () => {
    const withCode = { ...data, amountXaf: 1885, amountUsdCents: 288, promo: { code: 'SOLDES20', discountXaf: 471, discountUsdCents: 71 } };
    const { text } = await pageText(await receiptPdf(receiptDocument(withCode, site), { author: 'LBF', createdAt: new Date(data.completedAt) }));
    for (const part of ['Prix', '2 356 FCFA (3,59 $)', 'Code promo', 'SOLDES20', 'Remise', '-471 FCFA (-0,71 $)', 'Montant payé', '1 885 FCFA (2,88 $)']) expect(text).toContain(part);
  });

  it("writes the date in the site's time zone, named", () => {
    expect(formatReceiptDate('2026-01-01T23:30:00.000Z')).toBe('2 janvier 2026 à 00:30 (UTC+1)');
  });
});
