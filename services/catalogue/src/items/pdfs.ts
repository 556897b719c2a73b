import { toCsv, validInput } from '@lbf/service-kit';
import { CONTENT_CATEGORY_LABELS } from '../shared/categories';
import { catalogueError, messages } from '../shared/errors';
import { createPdfInput, updatePdfInput } from '../shared/inputs';
import { DEFAULT_PDF_PRICE_CENTS } from '../shared/money';
import type { Page } from '../shared/pagination';
import { safeFileNameFromTitle } from '../shared/search';
import { pdfOrder, type PdfSort } from '../shared/sort';
import { Pdf } from '../entities';
import { readPdfFacts } from '../media/pdf-pages';
import type { ObjectStore } from '../media/storage';
import { deleteItem, findItem, insertItem, listItems, newItemColumns, updateItem, type ItemKind, type ItemQuery } from './catalogue-items';
import type { CatalogueDeps } from '../shared/deps';
import { liveOrderOf } from '../entitlements/entitlements';
import { returning } from '../shared/query-helpers';
import { stampedCopy, stampedKeysOf } from '../playback/stamped-pdfs';
import { verifyUploads } from '../media/uploads';

export interface PdfQuery extends ItemQuery {
  sort?: PdfSort | null;
}

const PDF: ItemKind<Pdf> = {
  entity: Pdf,
  type: 'pdf',
  alias: 'p',
  bucket: 'pdfs',
  notFound: messages.pdfNotFound,
  objectKeys: (p) => [p.fileKey, p.illustrationKey],
  derivedKeys: (manager, p) => stampedKeysOf(manager, p.id),
};

export function listPdfs(deps: Pick<CatalogueDeps, 'ds'>, q: PdfQuery): Promise<Page<Pdf>> {
  return listItems(deps, PDF, q, pdfOrder(q.sort ?? 'NEWEST'));
}

export function findPdf(deps: Pick<CatalogueDeps, 'ds'>, id: string): Promise<Pdf | null> {
  return findItem(deps, PDF, id);
}

async function readObject(store: ObjectStore, bucket: 'pdfs', key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read(bucket, key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

export async function createPdf(deps: CatalogueDeps, input: unknown): Promise<Pdf> {
  const i = validInput(createPdfInput, input);
  const files = await verifyUploads(deps, [
    { id: i.fileUploadId, kinds: ['PDF'], field: 'fileUploadId' },
    { id: i.illustrationUploadId, kinds: ['ILLUSTRATION'], field: 'illustrationUploadId' },
  ]);
  const file = files.fileUploadId!;
  // A file that starts like a PDF but that pdf-lib cannot open is refused like any non-PDF; an
  // encrypted one too, with its own message: it could not be stamped for its buyers.
  const facts = await readPdfFacts(await readObject(deps.store, 'pdfs', file.upload.objectKey));
  if (facts === null) throw catalogueError('INVALID_FILE', messages.invalidPdf, 'fileUploadId');
  if (facts.encrypted) throw catalogueError('INVALID_FILE', messages.encryptedPdf, 'fileUploadId');
  const { pageCount } = facts;
  const pdf = await insertItem(deps, PDF, files, {
    ...newItemColumns(i, DEFAULT_PDF_PRICE_CENTS, new Date()),
    fileKey: file.upload.objectKey,
    fileSize: file.size,
    pageCount,
    illustrationKey: files.illustrationUploadId?.upload.objectKey ?? null,
    rating: null,
  });
  return pdf;
}

export async function updatePdf(deps: CatalogueDeps, id: string, input: unknown): Promise<Pdf> {
  const i = validInput(updatePdfInput, input);
  if (!(await findPdf(deps, id))) throw catalogueError('NOT_FOUND', messages.pdfNotFound);
  const files = await verifyUploads(deps, [{ id: i.illustrationUploadId, kinds: ['ILLUSTRATION'], field: 'illustrationUploadId' }]);
  const pdf = await updateItem(deps, PDF, id, files, i, (p) => {
    if (!files.illustrationUploadId) return [];
    const replaced = p.illustrationKey;
    p.illustrationKey = files.illustrationUploadId.upload.objectKey;
    return [replaced];
  });
  return pdf;
}

export function deletePdf(deps: CatalogueDeps, id: string): Promise<void> {
  return deleteItem(deps, PDF, id);
}

/**
 * A short-lived signed URL (Range-capable) of the PDF: the original for an administrator, the
 * buyer's own stamped copy for an owner (made at the first request, operations/stamped-pdfs.ts),
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
): Promise<{ url: string; expiresAt: Date }> {
  const found = await findPdf(deps, id);
  if (!found) throw catalogueError('NOT_FOUND', messages.pdfNotFound);
  const order = viewer.admin ? null : await liveOrderOf(deps.ds, viewer.userId, found.id);
  if (!viewer.admin && !order) throw catalogueError('NOT_PURCHASED', messages.notPurchased);
  // A customer is only ever given their copy: no URL of the original leaves for them.
  const key = order ? await stampedCopy(deps, found, { ...order, userId: viewer.userId }) : found.fileKey;
  if (inline) return deps.urls.file('pdfs', key);
  const pdf = await deps.uow.run(async ({ manager, emit }) => {
    const rows = await returning<{ title: string }>(manager, 'UPDATE pdfs SET download_count = download_count + 1 WHERE id = $1 RETURNING title', [found.id]);
    const row = rows[0];
    if (!row) throw catalogueError('NOT_FOUND', messages.pdfNotFound);
    await emit('catalogue.pdf.downloaded', { pdfId: found.id, userId: viewer.userId, occurredAt: new Date().toISOString() });
    return row;
  });
  return await deps.urls.file('pdfs', key, safeFileNameFromTitle(pdf.title, 'pdf'));
}

/** pdfs-export.csv through the kit's writer (the French spreadsheet format): decimals with a comma, dates in the site's time zone. */
export async function exportPdfsCsv(deps: Pick<CatalogueDeps, 'ds' | 'siteTimezone'>): Promise<string> {
  const pdfs = await deps.ds.getRepository(Pdf).find({ order: { createdAt: 'DESC', id: 'DESC' } });
  return toCsv(
    ['Titre', 'Description', 'Catégorie', 'Prix (USD)', 'Pages', 'Taille (MB)', 'Note', 'Téléchargements', 'Date de création'],
    pdfs.map((p) => [
      p.title,
      p.description,
      CONTENT_CATEGORY_LABELS[p.category],
      p.priceCents / 100,
      p.pageCount,
      Math.round(p.fileSize / 10_485.76) / 100,
      p.rating === null ? null : Math.round(p.rating * 10) / 10,
      p.downloadCount,
      p.createdAt,
    ]),
    { timeZone: deps.siteTimezone },
  );
}
