import { PDFDocument } from 'pdf-lib';

/** Pages of a PDF, or null when pdf-lib cannot read it (then it is no PDF we can sell). */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const pages = doc.getPageCount();
    return pages > 0 ? pages : null;
  } catch {
    return null;
  }
}
