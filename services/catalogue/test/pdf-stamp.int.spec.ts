import { events, makeEnvelope, natsSubject, type EventData } from '@lbf/proto-events';
import { purchaseCompleted, until } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { headers, type JetStreamClient } from 'nats';
import { PDFDocument } from 'pdf-lib';
import { makePdf, upload } from './factories/media';
import { startLocalS3, type LocalS3 } from './factories/s3';
import { hexTextOfPage } from '../../../test/pdf-text';
import { setupCatalogue, type CatalogueTestContext } from './harness';

/*
 * A buyer's 'Lire' and 'Télécharger' of a guide: their own copy, stamped on every page with their
 * name, e-mail and order, made once per order and kept; never the original.
 */

let t: CatalogueTestContext;
let js: JetStreamClient;

beforeAll(async () => {
  t = await setupCatalogue();
  t.events.listen('catalogue.pdf.downloaded');
  js = t.nc.jetstream();
});

afterAll(async () => {
  await t?.teardown();
});

const PAGES = 5;
const DOWNLOAD = `mutation($id: ID!, $inline: Boolean) { downloadPdf(id: $id, inline: $inline) { url expiresAt error { code message } } }`;
type Download = { downloadPdf: { url: string | null; expiresAt: string | null; error: { code: string; message: string } | null } };

async function createGuide(title: string): Promise<{ id: string; fileKey: string }> {
  const fileUploadId = await upload(t, 'PDF', 'guide.pdf', 'application/pdf', await makePdf(PAGES, 'Les plantes du sommeil'));
  const res = await t.asAdmin<{ createPdf: { pdf: { id: string } } }>(`mutation($input: CreatePdfInput!) { createPdf(input: $input) { pdf { id } } }`, {
    input: { title, category: 'sleep', fileUploadId },
  });
  const id = res.data!.createPdf.pdf.id;
  const { rows } = await t.sql.query('SELECT file_key FROM catalogue.pdfs WHERE id = $1', [id]);
  return { id, fileKey: rows[0].file_key };
}

type Buyer = { userId: string; token: string; name?: string; email: string };

/** commerce.purchase.completed / refunded as commerce's outbox publishes them; waits for the entitlement row to follow. */
async function purchase(buyer: Buyer, pdfId: string, receiptNumber: string): Promise<string> {
  const orderId = randomUUID();
  const data = purchaseCompleted({
    orderId,
    receiptNumber,
    buyerId: buyer.userId,
    buyerEmail: buyer.email,
    ...(buyer.name ? { buyerName: buyer.name } : {}),
    itemId: pdfId,
    itemType: 'pdf',
    itemTitle: 'Guide',
    provider: 'orange',
    operatorTransactionId: 'MP-1',
  });
  await publish('commerce.purchase.completed', data);
  await until(async () => ((await t.sql.query(`SELECT 1 FROM catalogue.entitlements WHERE order_id = $1 AND granted_at IS NOT NULL`, [orderId])).rowCount ? true : null), 5000, 'the entitlement');
  return orderId;
}

async function publish<S extends 'commerce.purchase.completed' | 'commerce.purchase.refunded'>(subject: S, data: EventData<S>): Promise<void> {
  const envelope = makeEnvelope({ subject, version: events[subject].version, producer: 'commerce', data });
  const h = headers();
  h.set('Lbf-Event-Version', String(envelope.version));
  await js.publish(natsSubject(t.stream.prefix, subject), Buffer.from(JSON.stringify(envelope)), { msgID: envelope.id, headers: h });
}

const download = async (token: string, id: string, inline: boolean) => (await t.as<Download>(token, DOWNLOAD, { id, inline })).data!.downloadPdf;
const downloadCount = async (id: string) => (await t.sql.query('SELECT download_count FROM catalogue.pdfs WHERE id = $1', [id])).rows[0].download_count as number;
const stampedRows = async (pdfId: string) =>
  (await t.sql.query('SELECT order_id, user_id, object_key, size::int AS size FROM catalogue.stamped_pdfs WHERE pdf_id = $1 ORDER BY created_at', [pdfId])).rows as Array<{
    order_id: string;
    user_id: string;
    object_key: string;
    size: number;
  }>;
const stampedFiles = async () => (await readdir(join(t.mediaDir, 'pdfs', 'stamped')).catch(() => [] as string[])).sort();
/** The object key a /media URL names. */
const keyOf = (url: string) => decodeURIComponent(new URL(url, 'http://x').pathname.split('/')[3]!);

/** Fetches a signed URL as the browser would, and opens what came with pdf-lib. */
async function fetchPdf(url: string): Promise<{ res: Response; doc: PDFDocument; bytes: Buffer }> {
  const res = await t.fetch(t.abs(url));
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { res, doc: await PDFDocument.load(bytes), bytes };
}

/** Counts the stamped copies written to the store while `run` runs. */
async function stampsDuring(run: () => Promise<unknown>): Promise<number> {
  const put = jest.spyOn(t.app.store, 'put');
  try {
    await run();
    return put.mock.calls.filter(([, key]) => key.startsWith('stamped/')).length;
  } finally {
    put.mockRestore();
  }
}

describe("a buyer's copy of a guide", () => {
  let guide: { id: string; fileKey: string };
  let buyer: Buyer;
  let orderId: string;

  beforeAll(async () => {
    guide = await createGuide('Guide des plantes du sommeil');
    buyer = { ...t.newUser(), name: 'Ŋgono Ɛyenga', email: 'ngono.eyenga@example.cm' };
    orderId = await purchase(buyer, guide.id, 'LBF-2026-000042');
  });

  it('is stamped on every page with their name, e-mail and receipt number, and is not the original', async () => {
    let dl: Download['downloadPdf'] | undefined;
    expect(await stampsDuring(async () => (dl = await download(buyer.token, guide.id, false)))).toBe(1);
    expect(dl!.error).toBeNull();
    expect(keyOf(dl!.url!)).toBe(`stamped/${orderId}.pdf`);
    expect(dl!.url).not.toContain(encodeURIComponent(guide.fileKey));

    const { res, doc } = await fetchPdf(dl!.url!);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Guide des plantes du sommeil.pdf"/);
    expect(doc.getPageCount()).toBe(PAGES);
    const footer = 'Licence personnelle — Ŋgono Ɛyenga — ngono.eyenga@example.cm — commande LBF-2026-000042';
    doc.getPages().forEach((page, i) => {
      expect({ page: i + 1, text: hexTextOfPage(doc, page) }).toEqual({ page: i + 1, text: [footer, 'ngono.eyenga@example.cm'] });
    });
    expect(doc.getSubject()).toBe(footer);
    expect(doc.getKeywords()).toContain('LBF-2026-000042');

    // Counted once, with its event.
    expect(await downloadCount(guide.id)).toBe(1);
    const event = await until(() => t.events.find('catalogue.pdf.downloaded', (e) => e.pdfId === guide.id), 5000, 'catalogue.pdf.downloaded');
    expect(event.data).toMatchObject({ userId: buyer.userId });
  });

  it("'Lire' opens the same copy inline, with Range, not counted", async () => {
    let read: Download['downloadPdf'] | undefined;
    expect(await stampsDuring(async () => (read = await download(buyer.token, guide.id, true)))).toBe(0);
    expect(keyOf(read!.url!)).toBe(`stamped/${orderId}.pdf`);
    expect(new Date(read!.expiresAt!).getTime() - Date.now()).toBeLessThanOrEqual(600_000 + 5000);
    const { res, bytes } = await fetchPdf(read!.url!);
    expect(res.headers.get('content-disposition')).toBe('inline');
    const part = await t.fetch(t.abs(read!.url!), { headers: { Range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-7/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).toString('latin1')).toBe(bytes.subarray(0, 8).toString('latin1'));
    expect(await downloadCount(guide.id)).toBe(1);
  });

  it('is made once: later downloads serve the kept copy (one row, one object)', async () => {
    expect(await stampsDuring(() => download(buyer.token, guide.id, false))).toBe(0);
    expect(await downloadCount(guide.id)).toBe(2);
    const rows = await stampedRows(guide.id);
    expect(rows).toEqual([{ order_id: orderId, user_id: buyer.userId, object_key: `stamped/${orderId}.pdf`, size: expect.any(Number) }]);
    expect(await stampedFiles()).toEqual([`${orderId}.pdf`]);
  });

  it('parallel first downloads stamp once', async () => {
    const second: Buyer = { ...t.newUser(), name: 'Awa Ndiaye', email: 'awa.ndiaye@example.cm' };
    const secondOrder = await purchase(second, guide.id, 'LBF-2026-000043');
    let urls: string[] = [];
    const stamps = await stampsDuring(async () => {
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => download(second.token, guide.id, i % 2 === 0)));
      urls = results.map((r) => r.url!);
    });
    expect(stamps).toBe(1);
    expect(new Set(urls.map(keyOf))).toEqual(new Set([`stamped/${secondOrder}.pdf`]));
    expect((await stampedRows(guide.id)).map((r) => r.order_id).sort()).toEqual([orderId, secondOrder].sort());
    const { doc } = await fetchPdf(urls[0]!);
    expect(hexTextOfPage(doc, doc.getPage(PAGES - 1))[0]).toBe('Licence personnelle — Awa Ndiaye — awa.ndiaye@example.cm — commande LBF-2026-000043');
    // Three of the six were downloads, three were reads.
    expect(await downloadCount(guide.id)).toBe(5);
  });

  it('names "Client LBF" and the order id when the entitlement predates names and receipts', async () => {
    const old = t.newUser();
    const oldOrder = randomUUID();
    await t.sql.query(`INSERT INTO catalogue.entitlements (order_id, user_id, item_id, item_type, granted_at) VALUES ($1, $2, $3, 'pdf', now())`, [
      oldOrder,
      old.userId,
      guide.id,
    ]);
    const { doc } = await fetchPdf((await download(old.token, guide.id, true)).url!);
    expect(hexTextOfPage(doc, doc.getPage(0))).toEqual([`Licence personnelle — Client LBF — commande ${oldOrder}`, 'Client LBF']);
  });

  it('is refused to a customer who did not buy the guide, and to the buyer once refunded', async () => {
    const stranger = t.newUser();
    expect(await download(stranger.token, guide.id, true)).toEqual({
      url: null,
      expiresAt: null,
      error: { code: 'NOT_PURCHASED', message: 'Achetez ce guide pour le télécharger.' },
    });
    await publish('commerce.purchase.refunded', {
      orderId,
      buyerId: buyer.userId,
      itemId: guide.id,
      itemType: 'pdf',
      amountXaf: 2356,
      reason: 'Remboursement demandé par le client',
      adminId: t.adminId,
      refundedAt: new Date().toISOString(),
    });
    await until(async () => ((await t.sql.query(`SELECT 1 FROM catalogue.entitlements WHERE order_id = $1 AND revoked_at IS NOT NULL`, [orderId])).rowCount ? true : null), 5000, 'the refund');
    const before = await downloadCount(guide.id);
    for (const inline of [true, false]) expect((await download(buyer.token, guide.id, inline)).error?.code).toBe('NOT_PURCHASED');
    expect(await downloadCount(guide.id)).toBe(before);
  });

  it('administrators get the original file', async () => {
    const res = await t.asAdmin<Download>(DOWNLOAD, { id: guide.id, inline: false });
    const url = res.data!.downloadPdf.url!;
    expect(keyOf(url)).toBe(guide.fileKey);
    const { doc } = await fetchPdf(url);
    expect(doc.getPageCount()).toBe(PAGES);
    expect(hexTextOfPage(doc, doc.getPage(0))).toEqual([]);
    // Pdf.downloadUrl is an administrator's only: a customer never reads the original's URL there either.
    const asBuyer = await t.as<{ pdf: { downloadUrl: string | null } }>(t.customerToken, `query($id: ID!) { pdf(id: $id) { downloadUrl } }`, { id: guide.id });
    expect(asBuyer.data!.pdf.downloadUrl).toBeNull();
  });

  it("deleting the guide deletes its buyers' copies", async () => {
    expect((await stampedFiles()).length).toBe(3);
    const res = await t.asAdmin<{ deletePdf: { error: unknown } }>(`mutation($id: ID!) { deletePdf(id: $id) { error { code } } }`, { id: guide.id });
    expect(res.data!.deletePdf.error).toBeNull();
    expect(await stampedRows(guide.id)).toEqual([]);
    await until(async () => ((await stampedFiles()).length === 0 ? true : null), 10_000, 'the stamped copies to be deleted');
  });
});

describe('an encrypted guide', () => {
  it('is refused at creation with its own message: it could not be stamped for its buyers', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 400]);
    // What an owner-password "protected" PDF carries: an /Encrypt dictionary in its trailer.
    doc.context.trailerInfo.Encrypt = doc.context.obj({ Filter: 'Standard', V: 1, R: 2, P: -4 });
    const fileUploadId = await upload(t, 'PDF', 'protege.pdf', 'application/pdf', Buffer.from(await doc.save()));
    const res = await t.asAdmin<{ createPdf: { pdf: unknown; error: { code: string; message: string; field: string } | null } }>(
      `mutation($input: CreatePdfInput!) { createPdf(input: $input) { pdf { id } error { code message field } } }`,
      { input: { title: 'Guide protégé', category: 'sleep', fileUploadId } },
    );
    expect(res.data!.createPdf).toEqual({
      pdf: null,
      error: { code: 'INVALID_FILE', message: expect.stringMatching(/^Ce PDF est protégé \(chiffré\)/), field: 'fileUploadId' },
    });
  });
});

describe('with the MinIO/S3 store', () => {
  let s3: LocalS3;
  let endpoint: string;
  let local: CatalogueTestContext;

  beforeAll(async () => {
    s3 = await startLocalS3('stamp');
    endpoint = s3.config.endpoint;
    // The helpers above work on `t`: this block's catalogue, on S3, for its tests.
    local = t;
    t = await setupCatalogue({ s3: s3.config });
    js = t.nc.jetstream();
  });

  afterAll(async () => {
    await t?.teardown();
    t = local;
    await s3?.close();
  });

  it("serves the buyer's stamped copy straight from S3 (signed, Range), never the original, and deletes it with the guide", async () => {
    const guide = await createGuide('Guide sur S3');
    const buyer: Buyer = { ...t.newUser(), name: 'Ɛwondo Ŋkɔlɔ', email: 'ewondo@example.cm' };
    const orderId = await purchase(buyer, guide.id, 'LBF-2026-000777');

    const dl = await download(buyer.token, guide.id, false);
    expect(dl.url!.startsWith(`${endpoint}/pdfs/stamped/${orderId}.pdf?`)).toBe(true);
    expect(dl.url).toMatch(/X-Amz-Signature=/);
    expect(dl.url).not.toContain(guide.fileKey);
    const { res, doc, bytes } = await fetchPdf(dl.url!);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Guide sur S3.pdf"/);
    expect(doc.getPageCount()).toBe(PAGES);
    for (const page of doc.getPages()) {
      expect(hexTextOfPage(doc, page)[0]).toBe('Licence personnelle — Ɛwondo Ŋkɔlɔ — ewondo@example.cm — commande LBF-2026-000777');
    }

    const read = await download(buyer.token, guide.id, true);
    expect(read.url!.startsWith(`${endpoint}/pdfs/stamped/${orderId}.pdf?`)).toBe(true);
    const part = await t.fetch(read.url!, { headers: { Range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 5))).toBe(true);

    await t.asAdmin(`mutation($id: ID!) { deletePdf(id: $id) { ok } }`, { id: guide.id });
    await until(async () => ((await t.app.store.stat('pdfs', `stamped/${orderId}.pdf`)) === null ? true : null), 10_000, 'the copy to be deleted from S3');
  });
});
