import { settle, type Result } from '@lbf/service-kit';
import { liveOrderOf } from '../entitlements';
import { countPdfDownload, findPdf } from '../items';
import type { CatalogueDeps } from '../shared/deps';
import { catalogueError, messages, refused } from '../shared/errors';
import { safeFileNameFromTitle } from '../shared/search';
import { stampedCopy } from './stamped-pdfs';

/**
 * A short-lived signed URL (Range-capable) of the PDF: the original for an administrator, the
 * buyer's own stamped copy for an owner (made at the first request, stamped-pdfs.ts),
 * NOT_PURCHASED for anyone else, a refunded buyer included. `inline` (Lire) opens it in the
 * browser and is not counted; otherwise (Télécharger) it comes as an attachment, and the count
 * and catalogue.pdf.downloaded commit together first. The disposition is part of the URL's
 * signature, so an inline URL cannot be turned into a download.
 */
export async function downloadPdf(
  deps: CatalogueDeps,
  id: string,
  viewer: { userId: string; admin: boolean },
  inline = false,
): Promise<Result<{ url: string; expiresAt: Date }>> {
  const found = await findPdf(deps, id);
  if (!found) return refused('NOT_FOUND', messages.pdfNotFound);
  const order = viewer.admin ? null : await liveOrderOf(deps.ds, viewer.userId, found.id);
  if (!viewer.admin && !order) return refused('NOT_PURCHASED', messages.notPurchased);
  return settle(async () => {
    // A customer is only ever given their copy: no URL of the original leaves for them.
    const key = order ? await stampedCopy(deps, found, { ...order, userId: viewer.userId }) : found.fileKey;
    if (inline) return deps.urls.file('pdfs', key);
    const pdf = await deps.uow.run(async ({ manager, emit }) => {
      const row = await countPdfDownload(manager, found.id);
      if (!row) throw catalogueError('NOT_FOUND', messages.pdfNotFound);
      await emit('catalogue.pdf.downloaded', { pdfId: found.id, userId: viewer.userId, occurredAt: new Date().toISOString() });
      return row;
    });
    return deps.urls.file('pdfs', key, safeFileNameFromTitle(pdf.title, 'pdf'));
  });
}
