import { TEST_REDIS_URL, withHarness } from '@lbf/service-kit/testing';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { addDays, siteDay } from '../src/shared/site-day';
import type { Statistics } from '../src/generated/graphql';
import type { EventFactory } from './factories/events';
import { purchase } from './factories/statistics';
import { consentChanged, registration } from './factories/users';
import { setupAnalytics } from './harness';

const t = withHarness(() => setupAnalytics());
let ev: EventFactory;
let today: string;

beforeAll(async () => {
  ev = t.ev;
  today = siteDay(new Date(), 'Africa/Douala');
});

const noonOf = (day: string) => new Date(`${day}T12:00:00+01:00`).toISOString();

const registered = (origin: 'sign-up' | 'admin-command', registeredAt: string) => registration({ origin, registeredAt });

const STATISTICS = `query Stats($days: Int) {
  adminStatistics(days: $days) {
    from to
    daily { day signUps buyers purchases revenueXaf visits pageViews visitors videoViews pdfDownloads }
    conversion { registeredUsers buyers buyerRate visitors signUps signUpRate }
    averageVisitSeconds pagesPerVisit
    topPages { path views visits }
    topItems { itemId itemType title sales revenueXaf }
    totalVideoViews totalPdfDownloads totalVisits
  }
}`;

async function rollups(): Promise<unknown[]> {
  const q = async (sql: string) => (await t.sql.query(sql)).rows;
  return [
    // A rebuild creates the rows of its days, with zeros where nothing happened: those are left out.
    await q(`SELECT * FROM analytics.daily_stats
             WHERE sign_ups + buyers + purchases + revenue_xaf + visits + page_views + visitors + visit_seconds + video_views + pdf_downloads > 0
             ORDER BY day`),
    await q(`SELECT * FROM analytics.daily_page_stats ORDER BY day, path`),
    await q(`SELECT * FROM analytics.daily_item_stats ORDER BY day, item_id`),
  ];
}

async function runRebuild(from: string, to: string): Promise<{ drifted: string[] }> {
  const connection = { url: TEST_REDIS_URL };
  const queue = new Queue('analytics', { connection, prefix: t.redisKeyPrefix });
  const queueEvents = new QueueEvents('analytics', { connection, prefix: t.redisKeyPrefix });
  try {
    await queueEvents.waitUntilReady();
    const job = await queue.add('rollup-visits', { day: from, to });
    return (await job.waitUntilFinished(queueEvents, 10_000)) as { drifted: string[] };
  } finally {
    await queueEvents.close();
    await queue.close();
  }
}

describe('daily rollups fed by the consumers and the page views', () => {
  const d3 = () => addDays(today, -3);
  const d10 = () => addDays(today, -10);
  const awa = randomUUID();
  const binta = randomUUID();
  const videoItem = randomUUID();
  const refundedItem = randomUUID();

  it('are idempotent under redelivered events and equal a recomputation from the raw tables, day by day', async () => {
    // Accounts: two by the form, one by the administrators' command (the demo accounts' way): three
    // sign-ups, as identity counts its new users.
    const signUp = await ev.publish('identity.user.registered', registered('sign-up', noonOf(d3())));
    await ev.publish('identity.user.registered', registered('sign-up', noonOf(today)));
    await ev.publish('identity.user.registered', registered('admin-command', noonOf(today)));
    await ev.redeliver(signUp);

    // Purchases: Awa buys twice on d3 (one buyer), once on d10; Binta once on d3, refunded later;
    // a refund consumed before its purchase; the same order published again under a new event id.
    // A refunded order is not a sale: Binta ends with none, so she is not a buyer.
    const a1 = await ev.publish('commerce.purchase.completed', purchase({ buyerId: awa, completedAt: noonOf(d3()), itemId: videoItem, itemType: 'video', itemTitle: 'Leçon 1', amountXaf: 5000 }));
    await ev.publish('commerce.purchase.completed', purchase({ buyerId: awa, completedAt: noonOf(d3()), amountXaf: 3000 }));
    await ev.publish('commerce.purchase.completed', purchase({ buyerId: awa, completedAt: noonOf(d10()), itemId: videoItem, itemType: 'video', itemTitle: 'Leçon 1 (ancien titre)', amountXaf: 5000 }));
    const b1 = purchase({ buyerId: binta, completedAt: noonOf(d3()), itemId: videoItem, itemType: 'video', itemTitle: 'Leçon 1', amountXaf: 5000 });
    await ev.publish('commerce.purchase.completed', b1);
    const early = purchase({ buyerId: binta, completedAt: noonOf(today), itemId: refundedItem, amountXaf: 2000 });
    const refundFirst = await ev.publish('commerce.purchase.refunded', {
      orderId: early.orderId, buyerId: binta, itemId: early.itemId, itemType: 'pdf', amountXaf: 2000, reason: 'erreur', adminId: randomUUID(), refundedAt: noonOf(today),
    });
    await ev.drained();
    await ev.publish('commerce.purchase.completed', early);
    const refund = await ev.publish('commerce.purchase.refunded', {
      orderId: b1.orderId, buyerId: binta, itemId: videoItem, itemType: 'video', amountXaf: 5000, reason: 'doublon', adminId: randomUUID(), refundedAt: noonOf(today),
    });
    await ev.redeliver(a1);
    await ev.redeliver(refund);
    await ev.redeliver(refundFirst);
    await ev.publish('commerce.purchase.completed', a1.data); // same order, new event id

    // Views and downloads: the same (video, viewer, day) twice counts once, a signed-out visitor's
    // preview too; each download counts. Awa's views are hers (her health-data consent is given),
    // Binta's are counted without her (health-consents.int.spec.ts).
    await ev.publish('identity.user.consent_changed', consentChanged({ userId: awa, given: true }));
    await ev.drained();
    const view = { videoId: randomUUID(), userId: awa, visitorId: null, viewedOn: d3(), mode: 'FULL' as const, occurredAt: noonOf(d3()) };
    const v1 = await ev.publish('catalogue.video.viewed', view);
    await ev.publish('catalogue.video.viewed', view);
    await ev.redeliver(v1);
    await ev.publish('catalogue.video.viewed', { ...view, userId: binta });
    const visitorView = { ...view, userId: null, visitorId: `stats-visitor-${randomUUID().slice(0, 8)}`, mode: 'PREVIEW' as const };
    await ev.publish('catalogue.video.viewed', visitorView);
    await ev.publish('catalogue.video.viewed', visitorView);
    const pdf = await ev.publish('catalogue.pdf.downloaded', { pdfId: randomUUID(), userId: null, occurredAt: noonOf(today) });
    await ev.publish('catalogue.pdf.downloaded', { pdfId: pdf.data.pdfId, userId: null, occurredAt: noonOf(today) });
    await ev.redeliver(pdf);

    // Page views today: two visitors, three visits.
    const [v, w] = [`stats-v-${randomUUID().slice(0, 8)}`, `stats-w-${randomUUID().slice(0, 8)}`];
    for (const path of ['/', '/videos', '/videos']) await t.recordVisit({ path, visitorId: v });
    await t.sql.query(`UPDATE analytics.visits SET started_at = started_at - interval '40 minutes', last_seen_at = last_seen_at - interval '40 minutes' WHERE visitor_id = $1`, [v]);
    await t.recordVisit({ path: '/videos', visitorId: v });
    await t.recordVisit({ path: '/pdfs', visitorId: w });
    await t.recordVisit({ path: '/nulle-part', visitorId: w, notFound: true });

    await ev.drained();
    const day = async (d: string) => (await t.sql.query(`SELECT * FROM analytics.daily_stats WHERE day = $1`, [d])).rows[0];
    expect(await day(d3())).toMatchObject({ sign_ups: 1, buyers: 1, purchases: 2, revenue_xaf: '8000', video_views: 3 });
    expect(await day(d10())).toMatchObject({ buyers: 1, purchases: 1, revenue_xaf: '5000' });
    expect(await day(today)).toMatchObject({ sign_ups: 2, buyers: 0, purchases: 0, revenue_xaf: '0', pdf_downloads: 2, visits: 3, page_views: 6, visitors: 2 });
    expect((await t.sql.query(`SELECT value::int AS n FROM analytics.counters WHERE name = 'buyers'`)).rows[0].n).toBe(1);
    // No item row is left for a day whose only sale of it was refunded.
    expect((await t.sql.query(`SELECT item_id FROM analytics.daily_item_stats WHERE item_id = $1 OR sales <= 0`, [refundedItem])).rows).toEqual([]);

    const incremental = await rollups();
    const result = await runRebuild(addDays(today, -30), today);
    expect(result.drifted).toEqual([]);
    expect(await rollups()).toEqual(incremental);

    // And a rollup that drifted is put right by the rebuild.
    await t.sql.query(`UPDATE analytics.daily_stats SET buyers = 9, revenue_xaf = 1 WHERE day = $1`, [d3()]);
    await t.sql.query(`UPDATE analytics.daily_page_stats SET views = 99 WHERE day = $1`, [today]);
    expect((await runRebuild(d3(), today)).drifted).toEqual([d3()]);
    expect(await rollups()).toEqual(incremental);
  }, 30_000);

  it('answers adminStatistics from them: every day of the period, rates, top pages and items, all-time totals', async () => {
    const admin = t.newUser({ admin: true });
    const res = await t.as(admin).gql<{ adminStatistics: Statistics }>(STATISTICS, { days: 30 });
    expect(res.errors).toBeUndefined();
    const s = res.data!.adminStatistics;
    expect(s.from).toBe(addDays(today, -29));
    expect(s.to).toBe(today);
    expect(s.daily).toHaveLength(30);
    expect(s.daily.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)));
    expect(s.daily[29]).toMatchObject({ day: today, signUps: 2, buyers: 0, purchases: 0, visits: 3, pageViews: 6, visitors: 2, pdfDownloads: 2, revenueXaf: 0 });
    expect(s.daily[26]).toMatchObject({ day: d3(), buyers: 1, purchases: 2, revenueXaf: 8000, videoViews: 3 });
    expect(s.daily[0]).toMatchObject({ signUps: 0, buyers: 0, visits: 0, revenueXaf: 0 });
    // Every account counts once, whatever its origin: the period's sign-ups are the registered users.
    expect(s.conversion).toEqual({ registeredUsers: 3, buyers: 1, buyerRate: 33.3, visitors: 2, signUps: 3, signUpRate: 150 });
    expect(s.pagesPerVisit).toBe(2);
    expect(s.averageVisitSeconds).toBeGreaterThanOrEqual(0);
    expect(s.topPages[0]).toEqual({ path: '/videos', views: 3, visits: 2 });
    expect(s.topPages.map((p) => p.path)).not.toContain('/nulle-part');
    // « Meilleures ventes »: Binta's refunded order is no sale of Leçon 1, and the refunded guide is not listed at 0 FCFA.
    expect(s.topItems[0]).toEqual({ itemId: videoItem, itemType: 'video', title: 'Leçon 1', sales: 2, revenueXaf: 10000 });
    expect(s.topItems.map((i) => i.itemId)).not.toContain(refundedItem);
    expect(s.topItems.every((i) => i.sales > 0 && i.revenueXaf > 0)).toBe(true);
    expect(s.totalVideoViews).toBe(3);
    expect(s.totalPdfDownloads).toBe(2);
    expect(s.totalVisits).toBe(3);

    const week = (await t.as(admin).gql<{ adminStatistics: Statistics }>(STATISTICS, { days: 7 })).data!.adminStatistics;
    expect(week.daily).toHaveLength(7);
    expect(week.topItems[0]).toMatchObject({ itemId: videoItem, sales: 1, revenueXaf: 5000 });
  });

  it('refuses a period outside 1 to 366 days', async () => {
    const admin = t.newUser({ admin: true });
    for (const days of [0, 367]) {
      const res = await t.as(admin).gql(STATISTICS, { days });
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
  });

  it('refuses a customer (FORBIDDEN) and a visitor (UNAUTHENTICATED)', async () => {
    const customer = await t.as(t.newUser()).gql(STATISTICS, { days: 30 });
    expect(customer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(customer.data).toBeFalsy();
    const visitor = await t.visitor().gql(STATISTICS, { days: 30 });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});
