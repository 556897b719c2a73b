import { settle, validInput, type AdminActor, type Result } from '@lbf/service-kit';
import { readPdfFacts, verifyUploads, type ObjectStore } from '../media';
import { ratingSummariesOf } from '../reviews';
import type { CatalogueDeps } from '../shared/deps';
import { dayIn } from '../shared/iso';
import { catalogueError, messages } from '../shared/errors';
import { createPdfInput, updatePdfInput } from './inputs';
import { DEFAULT_PDF_PRICE_CENTS } from '../shared/money';
import type { Page } from '../shared/pagination';
import type { Pdf } from '../shared/records';
import { pdfOrder, type PdfSort } from '../shared/sort';
import { deleteItem, findItem, insertItem, listItems, newItemColumns, itemsCsv, SHARED_JOURNAL_FIELDS, updateItem, type ItemKind, type ItemQuery } from './catalogue-items';
import { allItems, stampedKeysOf } from './store';

export interface PdfQuery extends ItemQuery {
  sort?: PdfSort | null;
}

const PDF: ItemKind<Pdf> = {
  table: 'pdfs',
  type: 'pdf',
  bucket: 'pdfs',
  notFound: messages.pdfNotFound,
  objectKeys: (p) => [p.fileKey, p.illustrationKey],
  derivedKeys: (manager, p) => stampedKeysOf(manager, p.id),
  journalFields: [...SHARED_JOURNAL_FIELDS, 'illustrationKey'],
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

export function createPdf(deps: CatalogueDeps, admin: AdminActor, input: unknown): Promise<Result<Pdf>> {
  return settle(async () => {
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
    const pdf = await insertItem(deps, admin, PDF, files, {
      ...newItemColumns(i, DEFAULT_PDF_PRICE_CENTS, new Date(), dayIn(deps.siteTimezone)),
      fileKey: file.upload.objectKey,
      fileSize: file.size,
      pageCount,
      illustrationKey: files.illustrationUploadId?.upload.objectKey ?? null,
      rating: null,
  });
  return pdf;
  });
}

export function updatePdf(deps: CatalogueDeps, admin: AdminActor, id: string, input: unknown): Promise<Result<Pdf>> {
  return settle(async () => {
    const i = validInput(updatePdfInput, input);
    if (!(await findPdf(deps, id))) throw catalogueError('NOT_FOUND', messages.pdfNotFound);
    const files = await verifyUploads(deps, [{ id: i.illustrationUploadId, kinds: ['ILLUSTRATION'], field: 'illustrationUploadId' }]);
    const pdf = await updateItem(deps, admin, PDF, id, files, i, (p) => {
      if (!files.illustrationUploadId) return [];
      const replaced = p.illustrationKey;
      p.illustrationKey = files.illustrationUploadId.upload.objectKey;
      return [replaced];
  });
  return pdf;
  });
}

export function deletePdf(deps: CatalogueDeps, admin: AdminActor, id: string): Promise<Result<void>> {
  return settle(() => deleteItem(deps, admin, PDF, id));
}

/** pdfs-export.csv (itemsCsv): pages, size, rating and downloads besides what every item has. */
export async function exportPdfsCsv(deps: Pick<CatalogueDeps, 'ds' | 'siteTimezone'>): Promise<string> {
  const pdfs = await allItems<Pdf>(deps.ds.manager, 'pdfs');
  // « Note »: the guide's verified reviews' average (reviews/), as its page shows it.
  const ratings = await ratingSummariesOf(deps.ds.manager, pdfs.map((p) => p.id));
  return itemsCsv(deps, pdfs, ['Pages', 'Taille (MB)', 'Note', 'Téléchargements'], (p) => [
    p.pageCount,
    Math.round(p.fileSize / 10_485.76) / 100,
    ratings.get(p.id)?.average ?? null,
    p.downloadCount,
  ]);
}
