import type { EntityManager } from 'typeorm';
import type { BuyerDetails } from '../entitlements';
import type { Pdf } from '../shared/records';
import { licenceStamp, stampedPdfKey, stampPdf, type ObjectStore } from '../media';
import type { CatalogueDeps } from '../shared/deps';
import { catalogueError, messages } from '../shared/errors';
import { lockOrderStamping, recordStampedCopy, stampedCopyKey } from './store';

/**
 * A buyer's copy of a guide, stamped with their name, e-mail and order (media/pdf-stamp.ts): made
 * at their first 'Lire' or 'Télécharger', kept in the pdfs bucket under stampedPdfKey(order id)
 * with a stamped_pdfs row, and served from there afterwards. The row's insert cascades with the
 * guide; the guide's deletion lists the rows' objects (PDF kind's derivedKeys) for removal.
 *
 * Made in the request: ≈200 ms for 100 pages, cheaper than the job round trip a queue would add
 * to a click that waits for its file anyway. Memory is bounded by stamping at most
 * STAMP_CONCURRENCY guides at once per process (each holds the original, pdf-lib's parsed
 * document and the result), and by making each order's copy once: parallel requests for one order
 * share the work in this process, and a Postgres advisory lock per order makes other instances
 * wait for the copy instead of making their own.
 */

export type StampOrder = { orderId: string; userId: string } & BuyerDetails;

const STAMP_CONCURRENCY = 2;

/** A counting semaphore: at most `size` holders at once, the others queued in arrival order. */
class Slots {
  private free: number;
  private readonly waiting: Array<() => void> = [];
  constructor(size: number) {
    this.free = size;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

const slots = new Slots(STAMP_CONCURRENCY);
/** Copies being made in this process, by order id. */
const inFlight = new Map<string, Promise<string>>();

/** A copy already made for the order, when its object is still there. */
async function existingCopy(manager: Pick<EntityManager, 'query'>, store: ObjectStore, pdfId: string, orderId: string): Promise<string | null> {
  const key = await stampedCopyKey(manager, pdfId, orderId);
  // A store emptied behind our back (a restore, a lost volume) is healed by stamping again.
  return key && (await store.stat('pdfs', key)) ? key : null;
}

async function readAll(store: ObjectStore, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.read('pdfs', key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

async function makeCopy(deps: Pick<CatalogueDeps, 'ds' | 'store' | 'log'>, pdf: Pdf, order: StampOrder): Promise<string> {
  return deps.ds.transaction(async (manager) => {
    await lockOrderStamping(manager, order.orderId);
    const done = await existingCopy(manager, deps.store, pdf.id, order.orderId);
    if (done) return done;
    const started = Date.now();
    const stamped = await stampPdf(await readAll(deps.store, pdf.fileKey), licenceStamp(order));
    const key = stampedPdfKey(order.orderId);
    const info = await deps.store.put('pdfs', key, stamped, { contentType: 'application/pdf' });
    try {
      await recordStampedCopy(manager, { orderId: order.orderId, pdfId: pdf.id, userId: order.userId, key, size: info.size });
    } catch (err) {
      // The guide was deleted meanwhile (foreign key): its copy must not stay behind.
      await deps.store.delete('pdfs', key).catch(() => undefined);
      if ((err as { code?: string }).code === '23503') throw catalogueError('NOT_FOUND', messages.pdfNotFound);
      throw err;
    }
    deps.log.info({ pdfId: pdf.id, orderId: order.orderId, pages: pdf.pageCount, bytes: info.size, ms: Date.now() - started }, 'stamped a buyer copy of a guide');
    return key;
  });
}

/** The object key of the order's stamped copy of `pdf`, made now if it is the first time. */
export async function stampedCopy(deps: Pick<CatalogueDeps, 'ds' | 'store' | 'log'>, pdf: Pdf, order: StampOrder): Promise<string> {
  const ready = await existingCopy(deps.ds, deps.store, pdf.id, order.orderId);
  if (ready) return ready;
  let pending = inFlight.get(order.orderId);
  if (!pending) {
    pending = slots.run(() => makeCopy(deps, pdf, order)).finally(() => inFlight.delete(order.orderId));
    inFlight.set(order.orderId, pending);
  }
  return pending;
}
