import { randomUUID } from 'node:crypto';
import { withHarness } from '@lbf/service-kit/testing';
import { siteDay } from '../src/shared/site-day';
import { consentChanged } from './factories/users';
import { setupAnalytics } from './harness';

const t = withHarness(() => setupAnalytics());

describe('views and downloads are tied to a person only with their health-data consent', () => {
  const today = () => siteDay(new Date(), 'Africa/Douala');
  const view = (userId: string) => ({ videoId: randomUUID(), userId, visitorId: null, viewedOn: today(), mode: 'FULL' as const, occurredAt: new Date().toISOString() });
  const viewsOf = async (userId: string) => (await t.sql.query('SELECT video_id FROM analytics.video_views WHERE user_id = $1', [userId])).rows;
  const dailyViews = async () => (await t.sql.query('SELECT video_views, pdf_downloads FROM analytics.daily_stats WHERE day = $1', [today()])).rows[0] ?? {};

  it('records a view and a download without the person who never gave it, and counts them', async () => {
    const userId = randomUUID();
    const before = await dailyViews();
    const seen = await t.ev.publish('catalogue.video.viewed', view(userId));
    const pdf = await t.ev.publish('catalogue.pdf.downloaded', { pdfId: randomUUID(), userId, occurredAt: new Date().toISOString() });
    await t.ev.redeliver(seen);
    await t.ev.drained();
    const { rows } = await t.sql.query('SELECT user_id, visitor_id, unlinked_id FROM analytics.video_views WHERE video_id = $1', [seen.data.videoId]);
    expect(rows).toEqual([{ user_id: null, visitor_id: null, unlinked_id: seen.id }]);
    expect((await t.sql.query('SELECT user_id FROM analytics.pdf_downloads WHERE event_id = $1', [pdf.id])).rows).toEqual([{ user_id: null }]);
    expect(await dailyViews()).toEqual({ video_views: (before.video_views ?? 0) + 1, pdf_downloads: (before.pdf_downloads ?? 0) + 1 });
  });

  it('ties them while it is given; withdrawn, unlinks the past ones (still counted) and records the next without them', async () => {
    const userId = randomUUID();
    const given = await t.ev.publish('identity.user.consent_changed', consentChanged({ userId, given: true }));
    await t.ev.drained();
    await t.ev.publish('catalogue.video.viewed', view(userId));
    await t.ev.publish('catalogue.pdf.downloaded', { pdfId: randomUUID(), userId, occurredAt: new Date().toISOString() });
    await t.ev.drained();
    expect(await viewsOf(userId)).toHaveLength(1);
    expect((await t.sql.query('SELECT 1 FROM analytics.pdf_downloads WHERE user_id = $1', [userId])).rows).toHaveLength(1);
    const counted = await dailyViews();

    await t.ev.publish('identity.user.consent_changed', consentChanged({ userId, given: false, changedAt: new Date(Date.parse(given.data.changedAt) + 1000).toISOString() }));
    await t.ev.drained();
    expect(await viewsOf(userId)).toEqual([]);
    expect((await t.sql.query('SELECT 1 FROM analytics.pdf_downloads WHERE user_id = $1', [userId])).rows).toEqual([]);
    expect(await dailyViews()).toEqual(counted);

    // The giving event once more, late: older than the withdrawal, it changes nothing.
    await t.ev.redeliver(given);
    await t.ev.publish('identity.user.consent_changed', given.data);
    await t.ev.publish('catalogue.video.viewed', view(userId));
    await t.ev.drained();
    expect(await viewsOf(userId)).toEqual([]);
    expect(await dailyViews()).toMatchObject({ video_views: counted.video_views + 1 });
  });
});
