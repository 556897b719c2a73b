import { withHarness } from '@lbf/service-kit/testing';
import { randomUUID } from 'node:crypto';
import { createDataSource } from '../src/database';
import { rebuildDays } from '../src/shared/rollups';
import { siteDay } from '../src/shared/site-day';
import { purchase } from './factories/statistics';
import { consentChanged, registration } from './factories/users';
import { setupAnalytics, SITE_TIMEZONE } from './harness';

/*
 * Account deletion (issue 23): identity.user.deleted pseudonymises the raw rows tied to the user;
 * the statistics stay exactly what they were, also when the rollups are rebuilt from the raw rows.
 * A contact message's alert, cleared, keeps no title (it names its sender).
 */
const t = withHarness(() => setupAnalytics());

const ROLLUPS = [
  'SELECT * FROM analytics.daily_stats ORDER BY day',
  'SELECT * FROM analytics.daily_item_stats ORDER BY day, item_id',
  'SELECT * FROM analytics.counters ORDER BY name',
];
async function rollups(): Promise<unknown[]> {
  const all: unknown[] = [];
  for (const q of ROLLUPS) all.push((await t.sql.query(q)).rows);
  return all;
}
const rowsOf = async (userId: string) =>
  (
    await t.sql.query(
      `SELECT (SELECT count(*) FROM analytics.registrations WHERE user_id = $1)::int AS registrations,
              (SELECT count(*) FROM analytics.purchases WHERE buyer_id = $1)::int AS purchases,
              (SELECT count(*) FROM analytics.video_views WHERE user_id = $1)::int AS views,
              (SELECT count(*) FROM analytics.pdf_downloads WHERE user_id = $1)::int AS downloads`,
      [userId],
    )
  ).rows[0];

it('pseudonymises a deleted account’s registration, purchases, views and downloads, and every figure stays', async () => {
  const userId = randomUUID();
  const now = new Date().toISOString();
  await t.ev.publish('identity.user.registered', registration({ userId, registeredAt: now }));
  // Their views and downloads are tied to them only with their health-data consent.
  await t.ev.publish('identity.user.consent_changed', consentChanged({ userId, given: true }));
  for (const itemId of [randomUUID(), randomUUID()]) await t.ev.publish('commerce.purchase.completed', purchase({ buyerId: userId, itemId, completedAt: now }));
  await t.ev.publish('catalogue.video.viewed', { videoId: randomUUID(), userId, visitorId: null, viewedOn: now.slice(0, 10), mode: 'FULL', occurredAt: now });
  await t.ev.publish('catalogue.pdf.downloaded', { pdfId: randomUUID(), userId, occurredAt: now });
  await t.ev.drained();
  expect(await rowsOf(userId)).toEqual({ registrations: 1, purchases: 2, views: 1, downloads: 1 });
  const before = await rollups();

  await t.ev.publish('identity.user.deleted', { userId, deletedAt: new Date().toISOString() });
  await t.ev.drained();
  expect(await rowsOf(userId)).toEqual({ registrations: 0, purchases: 0, views: 0, downloads: 0 });
  // The two purchases are still one buyer's: the distinct count is the same after a rebuild.
  expect((await t.sql.query('SELECT count(DISTINCT buyer_id)::int AS n FROM analytics.purchases')).rows[0].n).toBe(1);
  expect(await rollups()).toEqual(before);
  const ds = createDataSource(t.config.databaseUrl, 1);
  await ds.initialize();
  try {
    const today = siteDay(new Date(), SITE_TIMEZONE);
    expect((await rebuildDays(ds, today, today)).drifted).toEqual([]);
  } finally {
    await ds.destroy();
  }
  expect(await rollups()).toEqual(before);
});

it('keeps no title on a cleared alert: « Nouveau message de … » names the sender', async () => {
  const alertId = `contact:${randomUUID()}`;
  const at = Date.now();
  await t.ev.publish('messaging.admin_alert.raised', { alertId, kind: 'contact', title: 'Nouveau message de Awa Ndiaye', href: '/admin/contact', occurredAt: new Date(at).toISOString() });
  await t.ev.publish('messaging.admin_alert.cleared', { alertId, kind: 'contact', occurredAt: new Date(at + 1000).toISOString() });
  await t.ev.drained();
  expect((await t.sql.query('SELECT open, title FROM analytics.admin_alerts WHERE alert_id = $1', [alertId])).rows).toEqual([{ open: false, title: null }]);
});
