import * as fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { degrees, grayscale, PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LicenceStamp } from './pdf-licence';

/**
 * A buyer's copy of a guide: every page gets a 7 pt footer naming the buyer and the order and a
 * light diagonal mark (their e-mail); the document's subject and keywords say the same. The text
 * is set in DejaVu Sans, embedded as a subset, so names such as Ŋgono or Ɛyenga print (the PDF
 * standard fonts only know WinAnsi). ≈200 ms and ≈160 MiB RSS for 100 pages (research §4).
 */

/** Resolved through Node's module lookup, so it is found from src, dist and the Docker image alike. */
export const STAMP_FONT_PATH = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');

let fontBytes: Buffer | null = null;
let fontFace: fontkit.Font | null = null;

/** The TTF's bytes and its parsed face (read once per process: 740 KiB). */
function stampFont(): { bytes: Buffer; face: fontkit.Font } {
  fontBytes ??= readFileSync(STAMP_FONT_PATH);
  fontFace ??= fontkit.create(fontBytes);
  return { bytes: fontBytes, face: fontFace };
}

/** The text with every character the font cannot draw replaced by '?', instead of an empty box. */
export function drawableText(text: string): string {
  const { face } = stampFont();
  return Array.from(text, (ch) => (/\s/u.test(ch) || face.hasGlyphForCodePoint(ch.codePointAt(0)!) ? ch : '?')).join('');
}

const FOOTER_SIZE = 7;
const FOOTER_MIN_SIZE = 4;
const MARGIN = 14;
const MARK_OPACITY = 0.25;

/**
 * The page as the reader sees it (after /Rotate): its width and height, and where a point of that
 * view (u right, v up from its bottom-left corner) lies in the page's own coordinates.
 */
export function pageView(box: { x: number; y: number; width: number; height: number }, rotation: number) {
  const a = (((Math.round(rotation / 90) * 90) % 360) + 360) % 360;
  const { x: x0, y: y0, width: w, height: h } = box;
  const x1 = x0 + w;
  const y1 = y0 + h;
  const map: Record<number, (u: number, v: number) => { x: number; y: number }> = {
    0: (u, v) => ({ x: x0 + u, y: y0 + v }),
    90: (u, v) => ({ x: x1 - v, y: y0 + u }),
    180: (u, v) => ({ x: x1 - u, y: y1 - v }),
    270: (u, v) => ({ x: x0 + v, y: y1 - u }),
  };
  const sideways = a === 90 || a === 270;
  return { width: sideways ? h : w, height: sideways ? w : h, rotation: a, at: map[a]! };
}

function stampPage(page: PDFPage, font: PDFFont, stamp: { footer: string; mark: string }): void {
  const view = pageView(page.getCropBox(), page.getRotation().angle);

  // Footer: centred at the bottom, smaller than 7 pt only when a long name would not fit the width.
  const room = view.width - 2 * MARGIN;
  const footerWidth = font.widthOfTextAtSize(stamp.footer, FOOTER_SIZE);
  const size = footerWidth > room ? Math.max(FOOTER_MIN_SIZE, (FOOTER_SIZE * room) / footerWidth) : FOOTER_SIZE;
  const width = font.widthOfTextAtSize(stamp.footer, size);
  page.drawText(stamp.footer, {
    ...view.at(Math.max(MARGIN / 2, (view.width - width) / 2), MARGIN / 2 + 2),
    size,
    font,
    color: grayscale(0.35),
    rotate: degrees(view.rotation),
  });

  // Diagonal mark: corner to corner, about 70 % of the diagonal long, centred on the page.
  const angle = Math.atan2(view.height, view.width);
  const diagonal = Math.hypot(view.width, view.height);
  const markSize = Math.min(48, (0.7 * diagonal) / Math.max(1, font.widthOfTextAtSize(stamp.mark, 1)));
  const markWidth = font.widthOfTextAtSize(stamp.mark, markSize);
  const rise = markSize * 0.35;
  page.drawText(stamp.mark, {
    ...view.at(
      view.width / 2 - (Math.cos(angle) * markWidth) / 2 + Math.sin(angle) * rise,
      view.height / 2 - (Math.sin(angle) * markWidth) / 2 - Math.cos(angle) * rise,
    ),
    size: markSize,
    font,
    color: grayscale(0.5),
    opacity: MARK_OPACITY,
    rotate: degrees(view.rotation + (angle * 180) / Math.PI),
  });
}

/**
 * Stamps a copy of `original` (the guide as uploaded) for one buyer. The original's bytes are
 * not changed; the result is a new PDF of the same pages.
 */
export async function stampPdf(original: Uint8Array, licence: LicenceStamp): Promise<Buffer> {
  const doc = await PDFDocument.load(original, { ignoreEncryption: true, updateMetadata: false });
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(stampFont().bytes, { subset: true });
  const stamp = { footer: drawableText(licence.footer), mark: drawableText(licence.mark) };
  for (const page of doc.getPages()) stampPage(page, font, stamp);
  doc.setSubject(licence.subject);
  doc.setKeywords(licence.keywords);
  doc.setModificationDate(new Date());
  return Buffer.from(await doc.save());
}
