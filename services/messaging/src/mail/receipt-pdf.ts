import * as fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { grayscale, PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ReceiptDocument } from './receipt-document';

/**
 * The receipt as a one-page A4 PDF (the attachment of the receipt mail), drawn with pdf-lib as the
 * catalogue stamps guides. Text is set in DejaVu Sans, embedded as a subset, so names such as Ŋgono
 * or Ɛyenga print (the PDF standard fonts only know WinAnsi). Long values wrap; the page never
 * grows a second one: the receipt's few lines fit A4 with room to spare.
 */

/** A4 in points (210 × 297 mm). */
export const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const LABEL_WIDTH = 150;
const BRAND = rgb(0.086, 0.506, 0.29);
const MUTED = grayscale(0.42);
const INK = grayscale(0.07);

const FONT_PATHS = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
};
const fonts: Partial<Record<keyof typeof FONT_PATHS, { bytes: Buffer; face: fontkit.Font }>> = {};

/** A TTF's bytes and parsed face, read once per process. */
function font(kind: keyof typeof FONT_PATHS): { bytes: Buffer; face: fontkit.Font } {
  if (!fonts[kind]) {
    const bytes = readFileSync(FONT_PATHS[kind]);
    fonts[kind] = { bytes, face: fontkit.create(bytes) };
  }
  return fonts[kind]!;
}

/** The text with every character the font cannot draw replaced by '?', instead of an empty box. */
function drawable(text: string): string {
  const { face } = font('regular');
  return Array.from(text, (ch) => (/\s/u.test(ch) || face.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** Splits a line into lines no wider than `width` (on spaces; a word longer than the width is cut). */
export function wrap(text: string, f: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => f.widthOfTextAtSize(s, size) <= width;
  for (const word of drawable(text).split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (!fits(rest)) {
      const chars = Array.from(rest);
      let n = chars.length - 1;
      while (n > 1 && !fits(chars.slice(0, n).join(''))) n -= 1;
      lines.push(chars.slice(0, n).join(''));
      rest = chars.slice(n).join('');
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [''];
}

interface Pen {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

/** Draws wrapped text from the pen's line downwards, moving the pen below it. */
function write(pen: Pen, text: string, opts: { x: number; width: number; size: number; bold?: boolean; color?: Color; align?: 'left' | 'right' }): void {
  const f = opts.bold ? pen.bold : pen.regular;
  const leading = opts.size * 1.35;
  for (const line of wrap(text, f, opts.size, opts.width)) {
    const w = f.widthOfTextAtSize(line, opts.size);
    const x = opts.align === 'right' ? opts.x + opts.width - w : opts.x;
    pen.page.drawText(line, { x, y: pen.y - opts.size, size: opts.size, font: f, color: opts.color ?? INK });
    pen.y -= leading;
  }
}

function rule(pen: Pen, gap = 14): void {
  pen.y -= gap;
  pen.page.drawLine({ start: { x: MARGIN, y: pen.y }, end: { x: A4[0] - MARGIN, y: pen.y }, thickness: 0.75, color: grayscale(0.85) });
  pen.y -= gap;
}

export async function receiptPdf(doc: ReceiptDocument, meta: { author: string; createdAt: Date }): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const regular = await pdf.embedFont(font('regular').bytes, { subset: true });
  const bold = await pdf.embedFont(font('bold').bytes, { subset: true });
  const page = pdf.addPage(A4);
  const content = A4[0] - 2 * MARGIN;
  const pen: Pen = { page, regular, bold, y: A4[1] - MARGIN };

  // Seller on the left, title and number on the right, side by side.
  const half = content / 2 - 8;
  const top = pen.y;
  write(pen, doc.seller.name, { x: MARGIN, width: half, size: 16, bold: true, color: BRAND });
  for (const line of doc.seller.lines) write(pen, line, { x: MARGIN, width: half, size: 9.5, color: MUTED });
  const leftBottom = pen.y;
  pen.y = top;
  write(pen, doc.title, { x: MARGIN + content - half, width: half, size: 18, bold: true, align: 'right' });
  write(pen, doc.number, { x: MARGIN + content - half, width: half, size: 11, align: 'right' });
  pen.y = Math.min(pen.y, leftBottom);
  rule(pen, 16);

  write(pen, doc.buyer.label, { x: MARGIN, width: content, size: 9.5, color: MUTED });
  doc.buyer.lines.forEach((line, i) => write(pen, line, { x: MARGIN, width: content, size: 11, bold: i === 0 }));
  rule(pen, 12);

  for (const [label, value] of doc.rows) {
    const rowTop = pen.y;
    write(pen, label, { x: MARGIN, width: LABEL_WIDTH - 10, size: 10, color: MUTED });
    const labelBottom = pen.y;
    pen.y = rowTop;
    write(pen, value, { x: MARGIN + LABEL_WIDTH, width: content - LABEL_WIDTH, size: 11, bold: true });
    pen.y = Math.min(pen.y, labelBottom) - 8;
  }
  rule(pen, 10);
  write(pen, doc.thanks, { x: MARGIN, width: content, size: 10, color: MUTED });

  pdf.setTitle(drawable(`${doc.title} — ${doc.number}`));
  pdf.setAuthor(drawable(meta.author));
  pdf.setCreator(drawable(meta.author));
  pdf.setProducer('pdf-lib');
  pdf.setCreationDate(meta.createdAt);
  pdf.setModificationDate(meta.createdAt);
  return Buffer.from(await pdf.save());
}
