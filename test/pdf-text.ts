import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef, PDFStream, type PDFPage } from 'pdf-lib';

/**
 * Reads back the text a page shows in hex-encoded strings (how pdf-lib writes text in an embedded
 * TrueType font), decoded through each font's ToUnicode map: what a PDF reader would copy out.
 * Enough to check a stamp or a receipt, not a general text extractor. Shared by the tests of every
 * workspace that reads a PDF back (catalogue's stamped guides, messaging's receipts, the browser tests).
 */

/** A ToUnicode CMap's bfchar and bfrange entries, code (hex) -> text. */
export function parseToUnicode(cmap: string): Map<string, string> {
  const map = new Map<string, string>();
  const utf16 = (hex: string) => Buffer.from(hex, 'hex').swap16().toString('utf16le');
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) map.set(code!.toUpperCase(), utf16(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, first] of block[1]!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g)) {
      const width = lo!.length;
      for (let c = parseInt(lo!, 16), i = 0; c <= parseInt(hi!, 16); c++, i++) {
        const target = Buffer.from(first!, 'hex').swap16();
        target.writeUInt16LE(target.readUInt16LE(target.length - 2) + i, target.length - 2);
        map.set(c.toString(16).toUpperCase().padStart(width, '0'), target.toString('utf16le'));
      }
    }
  }
  return map;
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString('latin1');
}

function pageContents(doc: PDFDocument, page: PDFPage): string {
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => doc.context.lookup(ref as PDFRef))
    .filter((s): s is PDFStream => s instanceof PDFStream)
    .map(streamText)
    .join('\n');
}

/** The page's fonts that carry a ToUnicode map, by resource name. */
function pageFonts(doc: PDFDocument, page: PDFPage): Map<string, Map<string, string>> {
  const fonts = new Map<string, Map<string, string>>();
  const resources = page.node.Resources();
  const dict = resources?.lookupMaybe(PDFName.of('Font'), PDFDict);
  for (const [name, ref] of dict?.entries() ?? []) {
    const font = doc.context.lookup(ref);
    if (!(font instanceof PDFDict)) continue;
    const toUnicode = font.lookupMaybe(PDFName.of('ToUnicode'), PDFStream);
    if (toUnicode) fonts.set(name.asString().slice(1), parseToUnicode(streamText(toUnicode)));
  }
  return fonts;
}

/** Every hex string shown on the page (`<…> Tj`), decoded with the font selected at that point. */
export function hexTextOfPage(doc: PDFDocument, page: PDFPage): string[] {
  const fonts = pageFonts(doc, page);
  const found: string[] = [];
  let font: Map<string, string> | undefined;
  for (const m of pageContents(doc, page).matchAll(/\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
    if (m[1] !== undefined) {
      font = fonts.get(m[1]);
      continue;
    }
    if (!font) continue;
    const hex = m[2]!.toUpperCase();
    let text = '';
    for (let i = 0; i < hex.length; i += 4) text += font.get(hex.slice(i, i + 4)) ?? '\uFFFD';
    found.push(text);
  }
  return found;
}
