import { events, makeEnvelope, natsSubject, type Envelope, type EventData } from '@lbf/proto-events';
import { purchaseCompleted, until, withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { headers, type JetStreamClient, type JetStreamManager } from 'nats';
import { ENTITLEMENTS_CONSUMER, REFUNDS_CONSUMER } from '../src/entitlements/consumers';
import { makePdf, upload } from './factories/media';
import { setupCatalogue } from './harness';

const t = withHarness(() => setupCatalogue());
let js: JetStreamClient;
let jsm: JetStreamManager;
/** A second customer, who buys nothing. */
let other: { userId: string; token: string };

beforeAll(async () => {
  t.events.listen('catalogue.pdf.downloaded');
  js = t.nc.jetstream();
  jsm = await t.nc.jetstreamManager();
  other = t.newUser();
});

type Purchase = { orderId: string; buyerId: string; itemId: string; itemType: 'video' | 'pdf' };

/** commerce.purchase.completed as commerce's outbox would publish it. */
function completed(p: Purchase): Envelope<EventData<'commerce.purchase.completed'>> {
  return makeEnvelope({
    subject: 'commerce.purchase.completed',
    version: events['commerce.purchase.completed'].version,
    producer: 'commerce',
    data: purchaseCompleted({ ...p, itemTitle: 'Un contenu' }),
  });
}

function refunded(p: Purchase): Envelope<EventData<'commerce.purchase.refunded'>> {
  return makeEnvelope({
    subject: 'commerce.purchase.refunded',
    version: events['commerce.purchase.refunded'].version,
    producer: 'commerce',
    data: {
      orderId: p.orderId,
      buyerId: p.buyerId,
      itemId: p.itemId,
      itemType: p.itemType,
      amountXaf: 2356,
      reason: 'Remboursement demandé par le client',
      adminId: t.adminId,
      refundedAt: new Date().toISOString(),
    },
  });
}

/**
 * Publishes on the test stream as a service's outbox relay does (publishEnvelope: message id = event
 * id, version header); returns the stream sequence. `again` stores the same envelope under a new
 * message id, which is what a redelivery looks like to the consumer.
 */
async function publish(envelope: Envelope, again = false): Promise<number> {
  const h = headers();
  h.set('Content-Type', 'application/json');
  h.set('Lbf-Event-Version', String(envelope.version));
  const ack = await js.publish(natsSubject(t.stream.prefix, envelope.subject), Buffer.from(JSON.stringify(envelope)), {
    msgID: again ? randomUUID() : envelope.id,
    headers: h,
  });
  return ack.seq;
}

/** Waits until the entitlements consumers have acknowledged everything up to `seq` (each up to its own last message). */
async function consumerPassed(seq: number): Promise<void> {
  await until(
    async () => {
      for (const durable of [ENTITLEMENTS_CONSUMER, REFUNDS_CONSUMER]) {
        const info = await jsm.consumers.info(t.stream.stream, durable).catch(() => null);
        if (!info || info.num_ack_pending > 0 || info.num_pending > 0) return false;
      }
      return seq > 0;
    },
    5000,
    `the entitlements consumer to pass stream sequence ${seq}`,
  );
}

async function entitlementRows(orderId: string) {
  const { rows } = await t.sql.query(`SELECT user_id, item_id, item_type, granted_at, revoked_at FROM catalogue.entitlements WHERE order_id = $1`, [orderId]);
  return rows as Array<{ user_id: string; item_id: string; item_type: string; granted_at: Date | null; revoked_at: Date | null }>;
}

type VideoView = { id: string; purchased: boolean; playbackUrl: string | null };
const VIDEO = `query($id: ID!) { video(id: $id) { id purchased playbackUrl } }`;

const videoAs = async (token: string | null, id: string): Promise<VideoView> => {
  const res = token ? await t.as<{ video: VideoView }>(token, VIDEO, { id }) : await t.query<{ video: VideoView }>(VIDEO, { id });
  if (!res.data?.video) throw new Error(JSON.stringify(res.errors));
  return res.data.video;
};

describe('entitlements from commerce', () => {
  let bought: string;
  let order: Purchase;

  beforeAll(async () => {
    bought = await t.insertVideo({ title: 'Gestion du stress' });
    order = { orderId: randomUUID(), buyerId: t.customerId, itemId: bought, itemType: 'video' };
  });

  it('commerce.purchase.completed makes the video purchased for its buyer, and only for them', async () => {
    expect(await videoAs(t.customerToken, bought)).toMatchObject({ purchased: false, playbackUrl: null });
    await publish(completed(order));
    await until(async () => (await videoAs(t.customerToken, bought)).purchased, 5000, 'the video to be purchased');

    // A buyer plays through startPlayback (encrypted streams); the unencrypted source stays the administrators'.
    expect(await videoAs(t.customerToken, bought)).toEqual({ id: bought, purchased: true, playbackUrl: null });
    expect(await videoAs(other.token, bought)).toEqual({ id: bought, purchased: false, playbackUrl: null });
    expect(await videoAs(null, bought)).toEqual({ id: bought, purchased: false, playbackUrl: null });
    // Administrators play every video, owning it or not.
    expect(await videoAs(t.adminToken, bought)).toMatchObject({ purchased: false, playbackUrl: expect.stringMatching(/^\/media\/videos\//) });
    expect(await entitlementRows(order.orderId)).toEqual([
      { user_id: t.customerId, item_id: bought, item_type: 'video', granted_at: expect.any(Date), revoked_at: null },
    ]);
  });

  it('changes nothing when the same event is delivered again', async () => {
    const envelope = completed({ ...order, orderId: randomUUID() });
    await consumerPassed(await publish(envelope));
    const before = await entitlementRows(envelope.data.orderId);
    const seq = await publish(envelope, true);
    await consumerPassed(seq);
    expect(await entitlementRows(envelope.data.orderId)).toEqual(before);
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM catalogue.inbox WHERE consumer = $1 AND event_id = $2`, [ENTITLEMENTS_CONSUMER, envelope.id]);
    expect(rows[0].n).toBe(1);
    // The extra order of this test is refunded, so the next test sees the first order alone.
    await consumerPassed(await publish(refunded({ ...order, orderId: envelope.data.orderId })));
  });

  it('commerce.purchase.refunded revokes it', async () => {
    await consumerPassed(await publish(refunded(order)));
    expect(await videoAs(t.customerToken, bought)).toEqual({ id: bought, purchased: false, playbackUrl: null });
    expect((await entitlementRows(order.orderId))[0]).toMatchObject({ granted_at: expect.any(Date), revoked_at: expect.any(Date) });
  });

  it('a refund that arrives before its completion leaves no live entitlement', async () => {
    const video = await t.insertVideo({ title: 'Respiration et sommeil' });
    const late: Purchase = { orderId: randomUUID(), buyerId: t.customerId, itemId: video, itemType: 'video' };
    await consumerPassed(await publish(refunded(late)));
    await consumerPassed(await publish(completed(late)));
    expect(await videoAs(t.customerToken, video)).toMatchObject({ purchased: false, playbackUrl: null });
    expect((await entitlementRows(late.orderId))[0]).toMatchObject({ granted_at: expect.any(Date), revoked_at: expect.any(Date) });
  });
});

describe('the purchased filter', () => {
  let owned: string[];
  let notOwned: string[];

  beforeAll(async () => {
    await t.sql.query('DELETE FROM catalogue.videos');
    owned = [await t.insertVideo({ title: 'Acheté un' }), await t.insertVideo({ title: 'Acheté deux' })];
    notOwned = [await t.insertVideo({ title: 'Pas acheté' })];
    let seq = 0;
    for (const itemId of owned) seq = await publish(completed({ orderId: randomUUID(), buyerId: t.customerId, itemId, itemType: 'video' }));
    await consumerPassed(seq);
  });

  const LIST = `query($p: Boolean) { videos(filter: { purchased: $p }) { total items { id purchased } } }`;
  type List = { videos: { total: number; items: Array<{ id: string; purchased: boolean }> } };

  it('true lists only what the viewer owns, false only what they do not', async () => {
    const mine = (await t.asCustomer<List>(LIST, { p: true })).data!.videos;
    expect(mine.items.map((v) => v.id).sort()).toEqual([...owned].sort());
    expect(mine.items.every((v) => v.purchased)).toBe(true);
    const rest = (await t.asCustomer<List>(LIST, { p: false })).data!.videos;
    expect(rest).toEqual({ total: 1, items: [{ id: notOwned[0], purchased: false }] });
    const all = (await t.asCustomer<List>(LIST, { p: null })).data!.videos;
    expect(all.total).toBe(3);
    expect(Object.fromEntries(all.items.map((v) => [v.id, v.purchased]))).toEqual({ [owned[0]!]: true, [owned[1]!]: true, [notOwned[0]!]: false });
    // Another customer owns none of them.
    expect((await t.as<List>(other.token, LIST, { p: true })).data!.videos.total).toBe(0);
    expect((await t.as<List>(other.token, LIST, { p: false })).data!.videos.total).toBe(3);
  });

  it('needs a signed-in viewer', async () => {
    for (const p of [true, false]) {
      const res = await t.query(LIST, { p });
      expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
      const pdfs = await t.query(`query($p: Boolean) { pdfs(filter: { purchased: $p }) { total } }`, { p });
      expect(pdfs.errors?.[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    }
    // Without the filter, visitors see the catalogue, nothing purchased.
    const res = await t.query<List>(LIST, {});
    expect(res.data!.videos.items.every((v) => !v.purchased)).toBe(true);
  });
});

describe('Video.purchased costs one SQL statement per request', () => {
  let ids: string[];

  beforeAll(async () => {
    await t.sql.query('DELETE FROM catalogue.videos');
    ids = [];
    for (let i = 0; i < 14; i++) ids.push(await t.insertVideo({ title: `Leçon ${i + 1}` }));
    let seq = 0;
    for (const itemId of ids.slice(0, 5)) seq = await publish(completed({ orderId: randomUUID(), buyerId: t.customerId, itemId, itemType: 'video' }));
    await consumerPassed(seq);
  });

  /** Statements the catalogue sends to Postgres while `run` runs. */
  async function statements(run: () => Promise<unknown>): Promise<string[]> {
    const seen: string[] = [];
    const spy = jest.spyOn(t.app.ds.logger, 'logQuery').mockImplementation((query: string) => void seen.push(query));
    try {
      await run();
    } finally {
      spy.mockRestore();
    }
    return seen;
  }
  const on = (table: string, sql: string[]) => sql.filter((q) => new RegExp(`\\b${table}\\b`).test(q));

  it('for a page of 12 videos', async () => {
    let page: Array<{ id: string; purchased: boolean; playbackUrl: string | null }> = [];
    const sql = await statements(async () => {
      const res = await t.asCustomer<{ videos: { items: typeof page } }>(`{ videos(pageSize: 12) { items { id purchased playbackUrl } } }`);
      page = res.data!.videos.items;
    });
    expect(page).toHaveLength(12);
    expect(page.filter((v) => v.purchased).map((v) => v.id).sort()).toEqual(ids.slice(0, 5).filter((id) => page.some((v) => v.id === id)).sort());
    expect(page.every((v) => v.playbackUrl === null)).toBe(true);
    expect(on('entitlements', sql)).toHaveLength(1);
  });

  it('for an _entities batch (the gateway asking for 12 videos at once), the references themselves in one more', async () => {
    const representations = ids.slice(0, 12).map((id) => ({ __typename: 'Video', id }));
    let found: Array<{ id: string; purchased: boolean }> = [];
    const sql = await statements(async () => {
      const res = await t.asCustomer<{ _entities: typeof found }>(`query($r: [_Any!]!) { _entities(representations: $r) { ... on Video { id purchased } } }`, {
        r: representations,
      });
      found = res.data!._entities;
    });
    expect(found.map((v) => v.id)).toEqual(ids.slice(0, 12));
    expect(found.filter((v) => v.purchased).map((v) => v.id)).toEqual(ids.slice(0, 5));
    expect(on('entitlements', sql)).toHaveLength(1);
    expect(on('videos', sql)).toHaveLength(1);
  });

  it('and no statement of its own for a list filtered on ownership', async () => {
    const sql = await statements(() => t.asCustomer(`{ videos(filter: { purchased: true }) { items { id purchased } } }`));
    // The filter's own subquery, in the list's query (and its count) only.
    expect(on('entitlements', sql).every((q) => /\bvideos\b/.test(q))).toBe(true);
  });
});

describe('downloadPdf for owners', () => {
  let pdfId: string;
  const DOWNLOAD = `mutation($id: ID!, $inline: Boolean) { downloadPdf(id: $id, inline: $inline) { url expiresAt error { code message } } }`;
  type Download = { downloadPdf: { url: string | null; expiresAt: string | null; error: { code: string; message: string } | null } };
  const downloadCount = async () => (await t.sql.query('SELECT download_count FROM catalogue.pdfs WHERE id = $1', [pdfId])).rows[0].download_count as number;

  beforeAll(async () => {
    const fileUploadId = await upload(t, 'PDF', 'guide.pdf', 'application/pdf', await makePdf(2));
    const res = await t.asAdmin<{ createPdf: { pdf: { id: string } } }>(
      `mutation($input: CreatePdfInput!) { createPdf(input: $input) { pdf { id } error { message } } }`,
      { input: { title: 'Guide du sommeil', category: 'sleep', fileUploadId } },
    );
    pdfId = res.data!.createPdf.pdf.id;
  });

  it('is refused to a customer who does not own the guide, and to visitors', async () => {
    const res = await t.asCustomer<Download>(DOWNLOAD, { id: pdfId, inline: false });
    expect(res.data!.downloadPdf).toEqual({ url: null, expiresAt: null, error: { code: 'NOT_PURCHASED', message: 'Achetez ce guide pour le télécharger.' } });
    const visitor = await t.query(DOWNLOAD, { id: pdfId });
    expect(visitor.errors?.[0]).toMatchObject({ message: 'Connexion requise', extensions: { code: 'UNAUTHENTICATED' } });
    const pdf = await t.asCustomer<{ pdf: { purchased: boolean; downloadUrl: string | null } }>(`query($id: ID!) { pdf(id: $id) { purchased downloadUrl } }`, { id: pdfId });
    expect(pdf.data!.pdf).toEqual({ purchased: false, downloadUrl: null });
    expect(await downloadCount()).toBe(0);
  });

  it('lets the owner read it inline (not counted) and download it (counted, catalogue.pdf.downloaded)', async () => {
    await consumerPassed(await publish(completed({ orderId: randomUUID(), buyerId: t.customerId, itemId: pdfId, itemType: 'pdf' })));
    const pdf = await t.asCustomer<{ pdf: { purchased: boolean } }>(`query($id: ID!) { pdf(id: $id) { purchased } }`, { id: pdfId });
    expect(pdf.data!.pdf.purchased).toBe(true);

    const read = (await t.asCustomer<Download>(DOWNLOAD, { id: pdfId, inline: true })).data!.downloadPdf;
    expect(read.error).toBeNull();
    expect(new Date(read.expiresAt!).getTime() - Date.now()).toBeLessThanOrEqual(600_000 + 5000);
    const inline = await t.fetch(t.abs(read.url!));
    expect(inline.status).toBe(200);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toBe('inline');
    expect(await downloadCount()).toBe(0);
    // The disposition is signed: the inline URL cannot be turned into a download (or the reverse).
    const tampered = new URL(t.abs(read.url!));
    tampered.searchParams.set('dl', 'Guide du sommeil.pdf');
    expect((await t.fetch(tampered)).status).toBe(403);

    const dl = (await t.asCustomer<Download>(DOWNLOAD, { id: pdfId, inline: false })).data!.downloadPdf;
    expect(dl.error).toBeNull();
    const file = await t.fetch(t.abs(dl.url!));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="Guide du sommeil.pdf"/);
    expect(await downloadCount()).toBe(1);
    const event = await until(() => t.events.find('catalogue.pdf.downloaded', (e) => e.pdfId === pdfId), 5000, 'catalogue.pdf.downloaded');
    expect(event.data).toMatchObject({ userId: t.customerId });

    // The default is a counted download.
    expect((await t.asCustomer<Download>(`mutation($id: ID!) { downloadPdf(id: $id) { url error { code } } }`, { id: pdfId })).data!.downloadPdf.error).toBeNull();
    expect(await downloadCount()).toBe(2);
    // Another customer is still refused.
    expect((await t.as<Download>(other.token, DOWNLOAD, { id: pdfId, inline: true })).data!.downloadPdf.error?.code).toBe('NOT_PURCHASED');
  });

  it('answers NOT_FOUND for an unknown guide', async () => {
    const res = await t.asCustomer<Download>(DOWNLOAD, { id: randomUUID() });
    expect(res.data!.downloadPdf.error).toEqual({ code: 'NOT_FOUND', message: 'PDF introuvable.' });
  });

  it('is open to administrators without a purchase', async () => {
    const res = await t.asAdmin<Download>(DOWNLOAD, { id: pdfId, inline: true });
    expect(res.data!.downloadPdf.error).toBeNull();
  });

  it('is refused again once the purchase is refunded', async () => {
    const { rows } = await t.sql.query(`SELECT order_id FROM catalogue.entitlements WHERE item_id = $1`, [pdfId]);
    await consumerPassed(await publish(refunded({ orderId: rows[0].order_id, buyerId: t.customerId, itemId: pdfId, itemType: 'pdf' })));
    expect((await t.asCustomer<Download>(DOWNLOAD, { id: pdfId, inline: true })).data!.downloadPdf.error?.code).toBe('NOT_PURCHASED');
  });
});
