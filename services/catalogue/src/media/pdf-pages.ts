import { PDFDocument } from 'pdf-lib';

/**
 * What the catalogue needs to know of an uploaded PDF: its pages, and whether it is encrypted
 * (even only with an owner password, as many "protected" PDFs are). pdf-lib cannot decrypt, so
 * such a file could not be stamped for its buyers. Null when pdf-lib cannot read it at all.
 */
export async function readPdfFacts(bytes: Uint8Array): Promise<{ pageCount: number; encrypted: boolean } | null> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const pageCount = doc.getPageCount();
    return pageCount > 0 ? { pageCount, encrypted: doc.isEncrypted } : null;
  } catch {
    return null;
  }
}

/** Pages of a PDF, or null when pdf-lib cannot read it (then it is no PDF we can sell). */
export async function countPdfPages(bytes: Uint8Array): Promise<number | null> {
  return (await readPdfFacts(bytes))?.pageCount ?? null;
}
