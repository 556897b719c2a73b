import { events, makeEnvelope, natsSubject, type Envelope, type EventData } from '@lbf/proto-events';
import { purchaseCompleted, readSpreadsheetCsv, until } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { connect, headers, type JetStreamManager, type NatsConnection } from 'nats';
import { PURCHASE_TOTALS_COMPLETED_CONSUMER, PURCHASE_TOTALS_REFUNDED_CONSUMER } from '../src/admin/purchase-totals';
import { type Account, identityHarness, type IdentityHarness, type Loose } from './harness';

/** commerce.purchase.completed as commerce's outbox publishes it. */
function completed(buyerId: string, amountXaf: number, orderId = randomUUID()): Envelope<EventData<'commerce.purchase.completed'>> {
  return makeEnvelope({
    subject: 'commerce.purchase.completed',
    version: events['commerce.purchase.completed'].version,
    producer: 'commerce',
    data: purchaseCompleted({ orderId, buyerId, amountXaf }),
  });
}

function refunded(buyerId: string, amountXaf: number, orderId: string, adminId: string): Envelope<EventData<'commerce.purchase.refunded'>> {
  return makeEnvelope({
    subject: 'commerce.purchase.refunded',
    version: events['commerce.purchase.refunded'].version,
    producer: 'commerce',
    data: { orderId, buyerId, itemId: randomUUID(), itemType: 'pdf', amountXaf, reason: 'Remboursement', adminId, refundedAt: new Date().toISOString() },
  });
}

describe("identity's read model of commerce's purchases", () => {
  let h: IdentityHarness;
  let nc: NatsConnection;
  let jsm: JetStreamManager;
  let admin: Account;

  beforeAll(async () => {
    h = await identityHarness();
    nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
    jsm = await nc.jetstreamManager();
    admin = await h.account({ admin: true });
  });
  afterAll(async () => {
    await nc?.close();
    await h?.teardown();
  });

  /** Publishes as a relay does (message id = event id); `again` stores the same envelope under a new id: a redelivery. */
  async function publish(envelope: Envelope, again = false): Promise<void> {
    const hdr = headers();
    hdr.set('Content-Type', 'application/json');
    hdr.set('Lbf-Event-Version', String(envelope.version));
    await nc.jetstream().publish(natsSubject(h.env.stream.prefix, envelope.subject), Buffer.from(JSON.stringify(envelope)), {
      msgID: again ? randomUUID() : envelope.id,
      headers: hdr,
    });
  }

  /** Waits until both durables have acknowledged everything in the stream. */
  async function consumed(): Promise<void> {
    await until(
      async () => {
        for (const durable of [PURCHASE_TOTALS_COMPLETED_CONSUMER, PURCHASE_TOTALS_REFUNDED_CONSUMER]) {
          const info = await jsm.consumers.info(h.env.stream.stream, durable).catch(() => null);
          if (!info || info.num_ack_pending > 0 || info.num_pending > 0) return false;
        }
        return true;
      },
      5000,
      'the purchase totals consumers to catch up',
    );
  }

  const totals = async (userId: string) =>
    (await h.sql.query('SELECT purchase_count, total_xaf::int AS total_xaf FROM identity.user_purchase_totals WHERE user_id = $1', [userId])).rows[0] ?? null;

  it('adds completed purchases once each, even when an event is delivered twice, and subtracts refunds', async () => {
    const buyer = await h.account();
    const first = completed(buyer.id, 2356);
    await publish(first);
    await publish(first, true);
    await consumed();
    expect(await totals(buyer.id)).toEqual({ purchase_count: 1, total_xaf: 2356 });

    const second = completed(buyer.id, 5000);
    await publish(second);
    await consumed();
    expect(await totals(buyer.id)).toEqual({ purchase_count: 2, total_xaf: 7356 });

    const refund = refunded(buyer.id, 2356, first.data.orderId, admin.id);
    await publish(refund);
    await publish(refund, true);
    await consumed();
    expect(await totals(buyer.id)).toEqual({ purchase_count: 1, total_xaf: 5000 });
    const inbox = await h.sql.query("SELECT count(*)::int AS n FROM identity.inbox WHERE consumer LIKE 'identity-purchase-totals-%'");
    expect(inbox.rows[0].n).toBe(3);
  });

  it('sorts the users table by purchases and FCFA spent, and exports those figures', async () => {
    const big = await h.account();
    const small = await h.account();
    const none = await h.account();
    await publish(completed(big.id, 11780));
    await publish(completed(small.id, 1000));
    await publish(completed(small.id, 1000));
    await consumed();
    const emails = [big, small, none].map((u) => u.email);

    const sorted = async (sort: string) => {
      const res = await admin.browser.gql<Loose>(`query($s: UserSort) { adminUsers(sort: $s, direction: DESC, pageSize: 100) { items { id } } }`, { s: sort });
      return res.data.adminUsers.items.map((u: Loose) => u.id).filter((id: string) => [big.id, small.id, none.id].includes(id));
    };
    expect(await sorted('TOTAL_SPENT')).toEqual([big.id, small.id, none.id]);
    expect(await sorted('PURCHASES')).toEqual([small.id, big.id, none.id]);

    const res = await admin.browser.gql<Loose>(`query { exportUsersCsv(sort: TOTAL_SPENT, direction: DESC) }`);
    const { rows } = readSpreadsheetCsv(res.data.exportUsersCsv as string);
    const cells = (email: string) => rows.find((r) => r[1] === email)!;
    expect(cells(emails[0]!).slice(4)).toEqual(['1', '11780', 'Actif']);
    expect(cells(emails[1]!).slice(4)).toEqual(['2', '2000', 'Actif']);
    expect(cells(emails[2]!).slice(4)).toEqual(['0', '0', 'Actif']);
  });
});
