import { degrees, PDFDocument, StandardFonts } from 'pdf-lib';
import { hexTextOfPage } from '../../../../test/pdf-text';
import { licenceStamp } from './pdf-licence';
import { drawableText, pageView, stampPdf } from './pdf-stamp';

const licence = licenceStamp({
  orderId: '3f1c2b7a-8d3b-4a57-9d7e-2f9f4f1b6a10',
  receiptNumber: 'LBF-2026-000042',
  buyerName: 'Ŋgono Ɛyenga',
  buyerEmail: 'ngono@example.cm',
});

async function guide(sizes: Array<[number, number, number?]>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  sizes.forEach(([w, h, rotation], i) => {
    const page = doc.addPage([w, h]);
    page.drawText(`Page ${i + 1}`, { x: 20, y: h - 40, size: 12, font });
    if (rotation) page.setRotation(degrees(rotation));
  });
  return doc.save();
}

describe('stamping a guide for its buyer', () => {
  it('prints the footer and the diagonal mark on every page, in the embedded font, and sets subject and keywords', async () => {
    const original = await guide([[595, 842], [300, 400], [842, 595, 90]]);
    const stamped = await PDFDocument.load(await stampPdf(original, licence));
    expect(stamped.getPageCount()).toBe(3);
    for (const page of stamped.getPages()) {
      expect(hexTextOfPage(stamped, page)).toEqual([licence.footer, 'ngono@example.cm']);
    }
    expect(stamped.getSubject()).toBe('Licence personnelle — Ŋgono Ɛyenga — ngono@example.cm — commande LBF-2026-000042');
    expect(stamped.getKeywords()).toBe('Licence personnelle Ŋgono Ɛyenga ngono@example.cm LBF-2026-000042');
    // The original pages are all still there, untouched in order.
    expect(stamped.getPages().map((p) => p.getSize())).toEqual([
      { width: 595, height: 842 },
      { width: 300, height: 400 },
      { width: 842, height: 595 },
    ]);
  });

  it('replaces what the font cannot draw with "?" rather than an empty box', () => {
    expect(drawableText('Ŋgono Ɛyenga')).toBe('Ŋgono Ɛyenga');
    expect(drawableText('Awa 🌍 李')).toBe('Awa ? ?');
  });
});

describe('the page as the reader sees it', () => {
  const box = { x: 10, y: 20, width: 600, height: 800 };

  it('is the box itself without rotation', () => {
    const v = pageView(box, 0);
    expect([v.width, v.height]).toEqual([600, 800]);
    expect(v.at(0, 0)).toEqual({ x: 10, y: 20 });
  });

  it('turns with /Rotate: the bottom-left of the view is where the reader sees it', () => {
    const r90 = pageView(box, 90);
    expect([r90.width, r90.height]).toEqual([800, 600]);
    // Shown turned a quarter clockwise: the page's right edge is at the bottom of the view.
    expect(r90.at(0, 0)).toEqual({ x: 610, y: 20 });
    expect(r90.at(800, 0)).toEqual({ x: 610, y: 820 });
    expect(pageView(box, 180).at(0, 0)).toEqual({ x: 610, y: 820 });
    expect(pageView(box, -90).at(0, 0)).toEqual({ x: 10, y: 820 });
    expect(pageView(box, 270).rotation).toBe(270);
  });
});
