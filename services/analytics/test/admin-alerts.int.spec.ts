import type { EventData } from '@lbf/proto-events';
import { gatewayHeaders, subscribe, until, wsClient, type Subscriber, type TestUser } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { alertRaised as raised, secondsAgo as at } from './factories/alerts';
import type { EventFactory } from './factories/events';
import { purchase } from './factories/statistics';
import { setupAnalytics, type AnalyticsHarness } from './harness';

let t: AnalyticsHarness;
let ev: EventFactory;
const subscribers: Subscriber<unknown>[] = [];

beforeAll(async () => {
  t = await setupAnalytics();
  ev = t.ev;
});

afterAll(async () => {
  for (const s of subscribers) await s.stop();
  await t?.teardown();
});

interface Bell {
  total: number;
  contact: number;
  payment: number;
  processing: number;
  items: Array<{ id: string; kind: string; title: string; href: string; at: string }>;
}

const BELL_FIELDS = 'total contact payment processing items { id kind title href at }';
const BELL = `query Bell { adminAlerts { ${BELL_FIELDS} } }`;

async function bell(admin: TestUser = t.newUser({ admin: true })): Promise<Bell> {
  const res = await t.as(admin).gql<{ adminAlerts: Bell }>(BELL, {});
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.adminAlerts;
}

function subscribeToBell(url: string, token: string | null): Subscriber<Bell> {
  const client = wsClient(url.replace(/^http/, 'ws'), token ? `Bearer ${token}` : undefined, gatewayHeaders(t.subgraphSecret));
  const sub = subscribe(client, `subscription BellFeed { adminAlerts { ${BELL_FIELDS} } }`, (d) => d.adminAlerts as Bell);
  subscribers.push(sub as Subscriber<unknown>);
  return sub;
}

describe('the bell (adminAlerts)', () => {
  it('counts open alerts per kind from the six subjects and lists the newest first', async () => {
    const contact = `contact:${randomUUID()}`;
    const payment = `payment:${randomUUID()}`;
    const processing = `processing:${randomUUID()}`;
    await ev.publish('messaging.admin_alert.raised', raised(contact, 'contact', at(30)));
    await ev.publish('commerce.admin_alert.raised', raised(payment, 'payment', at(20), 'Paiement à rapprocher'));
    const video = await ev.publish('catalogue.admin_alert.raised', raised(processing, 'processing', at(10), 'Échec du traitement vidéo'));
    await ev.redeliver(video);
    await ev.drained();

    const b = await bell();
    expect(b).toMatchObject({ total: 3, contact: 1, payment: 1, processing: 1 });
    expect(b.items.map((i) => [i.id, i.kind])).toEqual([
      [processing, 'PROCESSING'],
      [payment, 'PAYMENT'],
      [contact, 'CONTACT'],
    ]);
    expect(b.items[0]).toMatchObject({ title: 'Échec du traitement vidéo', at: video.data.occurredAt });

    await ev.publish('commerce.admin_alert.cleared', { alertId: payment, kind: 'payment', occurredAt: at(5) });
    await ev.publish('messaging.admin_alert.cleared', { alertId: contact, kind: 'contact', occurredAt: at(5) });
    await ev.publish('catalogue.admin_alert.cleared', { alertId: processing, kind: 'processing', occurredAt: at(5) });
    await ev.drained();
    expect(await bell()).toEqual({ total: 0, contact: 0, payment: 0, processing: 0, items: [] });
  });

  it('ignores an event older than the last one applied to the same alert, and reopens on a later raise', async () => {
    const id = `processing:${randomUUID()}`;
    await ev.publish('catalogue.admin_alert.cleared', { alertId: id, kind: 'processing', occurredAt: at(60) });
    await ev.drained();
    // The raise this clear answered arrives late: it stays closed.
    await ev.publish('catalogue.admin_alert.raised', raised(id, 'processing', at(90)));
    await ev.drained();
    expect((await bell()).processing).toBe(0);

    // The video fails again later: the alert opens again; an old clear redelivered does not close it.
    await ev.publish('catalogue.admin_alert.raised', raised(id, 'processing', at(30), 'Échec du traitement vidéo (2e)'));
    await ev.publish('catalogue.admin_alert.cleared', { alertId: id, kind: 'processing', occurredAt: at(45) });
    await ev.drained();
    const b = await bell();
    expect(b.processing).toBe(1);
    expect(b.items[0]).toMatchObject({ id, title: 'Échec du traitement vidéo (2e)' });

    await ev.publish('catalogue.admin_alert.cleared', { alertId: id, kind: 'processing', occurredAt: at(1) });
    await ev.drained();
    expect((await bell()).processing).toBe(0);
  });

  it('lists at most the 20 newest open alerts but counts them all', async () => {
    const ids = Array.from({ length: 22 }, () => `contact:${randomUUID()}`);
    for (const [i, id] of ids.entries()) await ev.publish('messaging.admin_alert.raised', raised(id, 'contact', at(500 - i)));
    await ev.drained();
    const b = await bell();
    expect(b.contact).toBe(22);
    expect(b.items).toHaveLength(20);
    expect(b.items[0]!.id).toBe(ids[21]);
    for (const id of ids) await ev.publish('messaging.admin_alert.cleared', { alertId: id, kind: 'contact', occurredAt: at(0) });
    await ev.drained();
  });

  it('pushes the bell live to an administrator connected to any instance, as the event is applied', async () => {
    // A second replica of the same deployment: the same Redis prefix, so the same nudge channel.
    const other = await t.startAnother({ redisKeyPrefix: t.redisKeyPrefix });
    const admin = t.newUser({ admin: true });
    const here = subscribeToBell(t.app.url, admin.token);
    const there = subscribeToBell(other.url, admin.token);
    await until(() => here.values.length >= 1 && there.values.length >= 1, 3000, 'the bell now');
    const before = here.values[here.values.length - 1]!.total;

    const id = `contact:${randomUUID()}`;
    const sent = Date.now();
    await ev.publish('messaging.admin_alert.raised', raised(id, 'contact', at(0)));
    for (const sub of [here, there]) await until(() => sub.values.some((b) => b.total === before + 1 && b.items[0]?.id === id), 2000, 'the new alert');
    expect(Date.now() - sent).toBeLessThan(2000);

    await ev.publish('messaging.admin_alert.cleared', { alertId: id, kind: 'contact', occurredAt: new Date(Date.now() + 1).toISOString() });
    for (const sub of [here, there]) await until(() => sub.values[sub.values.length - 1]!.total === before, 2000, 'the alert cleared');
    expect(here.errors).toEqual([]);
  });

  it('shows a completed sale, like a contact message, until an administrator opens it from the bell; a refund takes it out', async () => {
    const SALES = `query { adminAlerts { total sale items { id kind title href at } } }`;
    const SEEN = `mutation Seen($id: ID!) { markSaleSeen(alertId: $id) }`;
    const admin = t.newUser({ admin: true });
    const live = subscribeToBell(t.app.url, admin.token);
    const sale = (orderId: string, itemTitle: string, amountXaf: number, completedAt: string): EventData<'commerce.purchase.completed'> =>
      purchase({ orderId, receiptNumber: `LBF-${orderId.slice(0, 6)}`, buyerId: randomUUID(), itemType: 'video', itemTitle, amountUsdCents: 500, amountXaf, provider: 'mtn', completedAt });
    const sales = async () => (await t.as(admin).gql<{ adminAlerts: Bell & { sale: number } }>(SALES, {})).data!.adminAlerts;

    const [opened, refunded, refundedFirst] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await ev.publish('commerce.purchase.completed', sale(opened, 'Leçon 1 : les tisanes', 3280, at(30)));
    await ev.publish('commerce.purchase.completed', sale(refunded, 'Guide du sommeil', 656, at(20)));
    // A refund consumed before its purchase: that sale never shows.
    await ev.publish('commerce.purchase.refunded', { orderId: refundedFirst, buyerId: randomUUID(), itemId: randomUUID(), itemType: 'pdf', amountXaf: 656, reason: 'erreur', adminId: randomUUID(), refundedAt: at(5) });
    await ev.drained();
    await ev.publish('commerce.purchase.completed', sale(refundedFirst, 'Guide des plantes', 656, at(10)));
    await ev.redeliver(first);
    await ev.drained();

    let b = await sales();
    expect(b.sale).toBe(2);
    expect(b.items.filter((i) => i.kind === 'SALE')).toEqual([
      { id: `sale:${refunded}`, kind: 'SALE', title: 'Nouvelle vente : Guide du sommeil — 656 FCFA', href: `/admin/payments?order=${refunded}`, at: expect.any(String) },
      { id: `sale:${opened}`, kind: 'SALE', title: 'Nouvelle vente : Leçon 1 : les tisanes — 3\u202f280 FCFA', href: `/admin/payments?order=${opened}`, at: first.data.completedAt },
    ]);
    await until(() => live.values.some((v) => (v as Bell & { sale: number }).items.some((i) => i.id === `sale:${opened}`)), 2000, 'the sale pushed live');

    // A refund: no longer a sale, out of the bell.
    await ev.publish('commerce.purchase.refunded', { orderId: refunded, buyerId: randomUUID(), itemId: randomUUID(), itemType: 'video', amountXaf: 656, reason: 'doublon', adminId: randomUUID(), refundedAt: at(0) });
    await ev.drained();
    expect((await sales()).sale).toBe(1);

    // Opened from the bell: it leaves, once; a late redelivery of its event does not bring it back.
    const customer = await t.as(t.newUser()).gql(SEEN, { id: `sale:${opened}` });
    expect(customer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.as(admin).gql<{ markSaleSeen: boolean }>(SEEN, { id: `sale:${opened}` })).data).toEqual({ markSaleSeen: true });
    expect((await t.as(admin).gql<{ markSaleSeen: boolean }>(SEEN, { id: `sale:${opened}` })).data).toEqual({ markSaleSeen: false });
    await until(() => live.values.some((v) => !(v as Bell).items.some((i) => i.kind === 'SALE')), 2000, 'the bell pushed without the sale');
    await ev.redeliver(first);
    await ev.drained();
    b = await sales();
    expect(b.sale).toBe(0);
    expect(b.items.filter((i) => i.kind === 'SALE')).toEqual([]);

    // Only sales close this way: a contact message closes when it is read, in messaging.
    const contact = `contact:${randomUUID()}`;
    await ev.publish('messaging.admin_alert.raised', raised(contact, 'contact', at(0)));
    await ev.drained();
    expect((await t.as(admin).gql<{ markSaleSeen: boolean }>(SEEN, { id: contact })).data).toEqual({ markSaleSeen: false });
    expect((await bell(admin)).items.map((i) => i.id)).toContain(contact);
    await ev.publish('messaging.admin_alert.cleared', { alertId: contact, kind: 'contact', occurredAt: new Date(Date.now() + 1).toISOString() });
    await ev.drained();
  });

  it('refuses a customer (FORBIDDEN) and a visitor (UNAUTHENTICATED), by query and by subscription', async () => {
    const customer = t.newUser();
    expect((await t.as(customer).gql(BELL, {})).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await t.visitor().gql(BELL, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const asCustomer = subscribeToBell(t.app.url, customer.token);
    const asVisitor = subscribeToBell(t.app.url, null);
    await until(() => asCustomer.errors.length > 0 && asVisitor.errors.length > 0, 3000, 'both subscriptions refused');
    const code = (s: Subscriber<Bell>) => JSON.stringify(s.errors);
    expect(code(asCustomer)).toContain('FORBIDDEN');
    expect(code(asVisitor)).toContain('UNAUTHENTICATED');
    expect(asCustomer.values).toEqual([]);
    expect(asVisitor.values).toEqual([]);
  });
});
