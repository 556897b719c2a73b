import { decodeEnvelope, natsSubject } from '@lbf/proto-events';
import { gatewayHeaders, TEST_REDIS_URL, until, wsClient } from '@lbf/service-kit/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { Client as WsClient } from 'graphql-ws';
import { previousDay, siteDay } from '../src/shared/site-day';
import { NIGHTLY_ROLLUP_PATTERN, NIGHTLY_ROLLUP_SCHEDULER } from '../src/statistics/nightly-rollup';
import type { Counters } from './factories/visits';
import { setupAnalytics, type AnalyticsHarness } from './harness';

let t: AnalyticsHarness;
const wsClients: WsClient[] = [];

beforeAll(async () => {
  t = await setupAnalytics();
});

afterAll(async () => {
  for (const c of wsClients) await c.dispose();
  await t?.teardown();
});

const visitor = (n: number) => `visitor-${n}-${Date.now().toString(36)}`;

/** Subscribes over graphql-ws and collects every liveCounters value received. */
function subscribeToCounters(wsUrl: string, headers: Record<string, string>): { received: Counters[]; errors: unknown[] } {
  // The gateway's secret on the upgrade, as the gateway sends it.
  const client = wsClient(wsUrl, undefined, headers);
  wsClients.push(client);
  const received: Counters[] = [];
  const errors: unknown[] = [];
  client.subscribe<{ liveCounters: Counters }>(
    { query: 'subscription LiveCountersFeed { liveCounters { registeredUsers visitsToday day } }' },
    {
      next: (result) => {
        if (result.data) received.push(result.data.liveCounters);
        if (result.errors) errors.push(result.errors);
      },
      error: (err) => errors.push(err),
      complete: () => undefined,
    },
  );
  return { received, errors };
}

describe('recording a page view', () => {
  it('stores the path, user agent, visitor id and time of the page view, and a first view starts a visit: visits today go up by one', async () => {
    const before = await t.counters();
    const visitorId = visitor(1);
    const startedAt = new Date();

    const res = await t.recordVisit({ path: '/videos', visitorId }, { 'user-agent': 'Mozilla/5.0 (LBF test)' });

    expect(res).toEqual({ data: { recordPageVisit: true } });
    const { rows } = await t.sql.query(
      `SELECT path, user_agent, not_found, visited_at, day::text AS day FROM analytics.page_visits WHERE visitor_id = $1`,
      [visitorId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: '/videos', user_agent: 'Mozilla/5.0 (LBF test)', not_found: false });
    const visitedAt = rows[0].visited_at as Date;
    expect(visitedAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime() - 5);
    expect(visitedAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(rows[0].day).toBe(siteDay(visitedAt, 'Africa/Douala'));
    const visits = await t.sql.query(`SELECT page_views, day::text AS day FROM analytics.visits WHERE visitor_id = $1`, [visitorId]);
    expect(visits.rows).toEqual([{ page_views: 1, day: rows[0].day }]);

    const after = await t.counters();
    expect(after.day).toBe(siteDay(new Date(), 'Africa/Douala'));
    expect(after.visitsToday).toBe(before.visitsToday + 1);
  });

  it('stores that the web app showed its 404 page', async () => {
    const visitorId = visitor(2);
    await t.recordVisit({ path: '/page-qui-n-existe-pas', visitorId, notFound: true });
    const { rows } = await t.sql.query(`SELECT path, not_found FROM analytics.page_visits WHERE visitor_id = $1`, [visitorId]);
    expect(rows).toEqual([{ path: '/page-qui-n-existe-pas', not_found: true }]);
  });

  it('publishes analytics.page.visited with the visit', async () => {
    const visitorId = visitor(3);
    const sub = t.nc.subscribe(natsSubject(t.stream.prefix, 'analytics.page.visited'));
    const seen: unknown[] = [];
    void (async () => {
      for await (const m of sub) {
        const decoded = decodeEnvelope(m.data);
        if (decoded.ok) seen.push(decoded.envelope.data);
      }
    })();
    try {
      await t.recordVisit({ path: '/pdfs', visitorId }, { 'user-agent': 'curl/8' });
      const event = await until(() => seen.find((d) => (d as { visitorId: string }).visitorId === visitorId), 3000, 'the page.visited event');
      expect(event).toMatchObject({ path: '/pdfs', visitorId, userAgent: 'curl/8', notFound: false });
    } finally {
      sub.unsubscribe();
    }
  });

  it('refuses a path that does not start with / or a malformed visitor id, and stores nothing', async () => {
    const before = await t.counters();
    const badPath = await t.recordVisit({ path: 'videos', visitorId: visitor(4) });
    const badVisitor = await t.recordVisit({ path: '/videos', visitorId: 'short' });
    expect(badPath.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(badVisitor.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.page_visits WHERE visitor_id IN ($1, 'short')`, [visitor(4)]);
    expect(rows[0].n).toBe(0);
    expect((await t.counters()).visitsToday).toBe(before.visitsToday);
  });
});

describe('visits are sessions: one visitor’s page views with no gap of 30 minutes or more', () => {
  async function countersUpdates(): Promise<number> {
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.outbox WHERE subject = 'analytics.counters.updated'`);
    return rows[0].n as number;
  }
  const visitsOf = async (visitorId: string) =>
    (await t.sql.query(`SELECT id, page_views, started_at, last_seen_at FROM analytics.visits WHERE visitor_id = $1 ORDER BY started_at`, [visitorId])).rows;

  it('counts one visit for several page views in a row, and publishes the live update for the first only', async () => {
    const before = await t.counters();
    const updatesBefore = await countersUpdates();
    const visitorId = visitor(10);
    for (const path of ['/', '/videos', '/pdfs', '/videos']) await t.recordVisit({ path, visitorId });

    expect((await t.counters()).visitsToday).toBe(before.visitsToday + 1);
    expect((await countersUpdates()) - updatesBefore).toBe(1);
    const visits = await visitsOf(visitorId);
    expect(visits).toHaveLength(1);
    expect(visits[0].page_views).toBe(4);
    const views = await t.sql.query(`SELECT DISTINCT visit_id FROM analytics.page_visits WHERE visitor_id = $1`, [visitorId]);
    expect(views.rows).toEqual([{ visit_id: visits[0].id }]);
  });

  it('continues a visit last seen 29 minutes ago, and starts a new one after 30 minutes or more', async () => {
    const visitorId = visitor(11);
    await t.recordVisit({ path: '/', visitorId });
    const [first] = await visitsOf(visitorId);
    await t.sql.query(`UPDATE analytics.visits SET started_at = started_at - interval '29 minutes', last_seen_at = last_seen_at - interval '29 minutes' WHERE id = $1`, [first.id]);
    await t.recordVisit({ path: '/videos', visitorId });
    expect(await visitsOf(visitorId)).toEqual([expect.objectContaining({ id: first.id, page_views: 2 })]);

    const before = await t.counters();
    await t.sql.query(`UPDATE analytics.visits SET started_at = started_at - interval '31 minutes', last_seen_at = last_seen_at - interval '31 minutes' WHERE id = $1`, [first.id]);
    await t.recordVisit({ path: '/pdfs', visitorId });
    const visits = await visitsOf(visitorId);
    expect(visits).toHaveLength(2);
    expect(visits[1]).toMatchObject({ page_views: 1 });
    expect((await t.counters()).visitsToday).toBe(before.visitsToday + 1);
  });

  it('starts exactly one visit when one new visitor’s page views arrive in parallel', async () => {
    const before = await t.counters();
    const visitorId = visitor(12);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => t.recordVisit({ path: `/p-${i % 3}`, visitorId })));
    expect(answers.every((a) => a.data?.recordPageVisit === true)).toBe(true);

    const visits = await visitsOf(visitorId);
    expect(visits).toHaveLength(1);
    expect(visits[0].page_views).toBe(12);
    expect((await t.counters()).visitsToday).toBe(before.visitsToday + 1);
    // The rollups kept incrementally agree with a recomputation of today from the raw rows.
    const { rows } = await t.sql.query(
      `SELECT s.visits = (SELECT count(*) FROM analytics.visits WHERE day = s.day)
              AND s.page_views = (SELECT count(*) FROM analytics.page_visits WHERE day = s.day)
              AND s.visitors = (SELECT count(DISTINCT visitor_id) FROM analytics.page_visits WHERE day = s.day) AS agree
       FROM analytics.daily_stats s WHERE s.day = $1`,
      [before.day],
    );
    expect(rows).toEqual([{ agree: true }]);
    const pages = await t.sql.query(
      `SELECT count(*)::int AS n FROM analytics.daily_page_stats p
       WHERE p.day = $1 AND (p.views, p.visits) IS DISTINCT FROM
         (SELECT (count(*)::int, count(DISTINCT visit_id)::int) FROM analytics.page_visits v WHERE v.day = p.day AND v.path = p.path AND NOT v.not_found)`,
      [before.day],
    );
    expect(pages.rows[0].n).toBe(0);
  });

  it('leaves the web app’s 404 pages out of the top pages but counts them as page views', async () => {
    const visitorId = visitor(13);
    const path = `/introuvable-${Date.now()}`;
    await t.recordVisit({ path, visitorId, notFound: true });
    expect((await t.sql.query(`SELECT 1 FROM analytics.daily_page_stats WHERE path = $1`, [path])).rowCount).toBe(0);
    expect((await visitsOf(visitorId))[0].page_views).toBe(1);
  });
});

describe('live counters subscription', () => {
  it('first gives the current counters, then shows visits today going up within a second of a visit', async () => {
    const current = await t.counters();
    const { received, errors } = subscribeToCounters(t.app.wsUrl, gatewayHeaders(t.subgraphSecret));
    await until(() => received.length >= 1, 3000, 'the current counters');
    expect(received[0]).toEqual(current);

    const recordedAt = Date.now();
    await t.recordVisit({ path: '/', visitorId: visitor(5) });
    await until(() => received.some((c) => c.visitsToday === current.visitsToday + 1), 1000, 'visits today to go up');
    expect(Date.now() - recordedAt).toBeLessThan(1000);
    expect(errors).toEqual([]);
  });

  it('shows a visit recorded through another instance (every instance hears every update)', async () => {
    const other = await t.startAnother();
    const current = await t.counters();
    const { received } = subscribeToCounters(t.app.wsUrl, gatewayHeaders(t.subgraphSecret));
    await until(() => received.length >= 1, 3000, 'the current counters');

    await t.recordVisit({ path: '/actualites', visitorId: visitor(6) }, {}, other.url);
    await until(() => received.some((c) => c.visitsToday === current.visitsToday + 1), 1000, 'the other instance’s visit');
  });
});

describe('visit rate limit', () => {
  it('answers true to every visit but stops counting past the limit', async () => {
    const limited = await t.startAnother({ visitsPerMinutePerIp: 3 });
    const before = await t.counters();
    const visitorId = visitor(7);
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await t.recordVisit({ path: `/page-${i}`, visitorId }, {}, limited.url));

    expect(answers.every((a) => a.data?.recordPageVisit === true)).toBe(true);
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.page_visits WHERE visitor_id = $1`, [visitorId]);
    expect(rows[0].n).toBe(3);
    // Three page views a few milliseconds apart: one visit.
    expect((await t.counters()).visitsToday).toBe(before.visitsToday + 1);
  });

  it('gives each visitor behind a shared address (carrier NAT) a budget of their own, within a wider ceiling for the address', async () => {
    const limited = await t.startAnother({ visitsPerMinutePerIp: 2 });
    const ip = { 'x-forwarded-for': '41.202.219.10' };
    const base = visitor(8);
    const visitors = Array.from({ length: 30 }, (_, i) => `${base}-${i}`);
    for (const id of visitors) {
      for (let i = 0; i < 3; i++) await t.recordVisit({ path: `/nat-${i}`, visitorId: id }, ip, limited.url);
    }
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.page_visits WHERE visitor_id LIKE $1`, [`${base}-%`]);
    // 30 visitors × their own 2 = 60, but the address as a whole stops at 2 × 25 = 50.
    expect(rows[0].n).toBe(50);
    const first = await t.sql.query(`SELECT count(*)::int AS n FROM analytics.page_visits WHERE visitor_id = $1`, [visitors[0]]);
    expect(first.rows[0].n).toBe(2);
  });
});

describe('nightly rollup of visits', () => {
  it('is scheduled once, at 00:15 in the site time zone', async () => {
    const queue = new Queue('analytics', { connection: { url: TEST_REDIS_URL }, prefix: t.redisKeyPrefix });
    try {
      const scheduler = await queue.getJobScheduler(NIGHTLY_ROLLUP_SCHEDULER);
      expect(scheduler).toMatchObject({ name: 'rollup-visits', pattern: NIGHTLY_ROLLUP_PATTERN, tz: 'Africa/Douala' });
      // Beside it only the kit's own maintenance scheduler: the rollup is not registered twice.
      const names = (await queue.getJobSchedulers()).map((s) => s.name).sort();
      expect(names).toEqual(['events-maintenance', 'rollup-visits']);
    } finally {
      await queue.close();
    }
  });

  it('rebuilds yesterday’s rollups from the stored visits and page views when they have drifted', async () => {
    const yesterday = previousDay(siteDay(new Date(), 'Africa/Douala'));
    const visitId = randomUUID();
    await t.sql.query(
      `INSERT INTO analytics.visits (id, visitor_id, started_at, last_seen_at, page_views, day)
       VALUES ($1, 'visitor-yesterday', $2::timestamptz, $2::timestamptz + interval '95 seconds', 2, $3)`,
      [visitId, `${yesterday}T12:00:00+01:00`, yesterday],
    );
    await t.sql.query(
      `INSERT INTO analytics.page_visits (id, visit_id, path, visitor_id, user_agent, not_found, visited_at, day)
       VALUES (gen_random_uuid(), $1, '/', 'visitor-yesterday', NULL, false, $2::timestamptz, $3),
              (gen_random_uuid(), $1, '/videos', 'visitor-yesterday', NULL, false, $2::timestamptz + interval '95 seconds', $3)`,
      [visitId, `${yesterday}T12:00:00+01:00`, yesterday],
    );
    await t.sql.query(
      `INSERT INTO analytics.daily_stats (day, visits, page_views) VALUES ($1, 99, 7) ON CONFLICT (day) DO UPDATE SET visits = 99, page_views = 7`,
      [yesterday],
    );

    const queue = new Queue('analytics', { connection: { url: TEST_REDIS_URL }, prefix: t.redisKeyPrefix });
    try {
      await queue.add('rollup-visits', {});
      await until(
        async () => (await t.sql.query(`SELECT visits FROM analytics.daily_stats WHERE day = $1`, [yesterday])).rows[0]?.visits === 1,
        5000,
        'yesterday’s rollup to be rebuilt',
      );
      const { rows } = await t.sql.query(`SELECT visits, page_views, visitors, visit_seconds::int AS seconds FROM analytics.daily_stats WHERE day = $1`, [yesterday]);
      expect(rows[0]).toEqual({ visits: 1, page_views: 2, visitors: 1, seconds: 95 });
      const pages = await t.sql.query(`SELECT path, views, visits FROM analytics.daily_page_stats WHERE day = $1 ORDER BY path`, [yesterday]);
      expect(pages.rows).toEqual([
        { path: '/', views: 1, visits: 1 },
        { path: '/videos', views: 1, visits: 1 },
      ]);
    } finally {
      await queue.close();
    }
  });

  it('deletes visit details older than 13 months and keeps the others', async () => {
    const [oldVisit, recentVisit] = [randomUUID(), randomUUID()];
    await t.sql.query(
      `INSERT INTO analytics.visits (id, visitor_id, started_at, last_seen_at, page_views, day) VALUES
        ($1, 'visitor-old', now() - interval '14 months', now() - interval '14 months', 1, (now() - interval '14 months')::date),
        ($2, 'visitor-recent', now() - interval '12 months', now() - interval '12 months', 1, (now() - interval '12 months')::date)`,
      [oldVisit, recentVisit],
    );
    await t.sql.query(
      `INSERT INTO analytics.page_visits (id, visit_id, path, visitor_id, user_agent, not_found, visited_at, day) VALUES
        (gen_random_uuid(), $1, '/old', 'visitor-old', NULL, false, now() - interval '14 months', (now() - interval '14 months')::date),
        (gen_random_uuid(), $2, '/recent', 'visitor-recent', NULL, false, now() - interval '12 months', (now() - interval '12 months')::date)`,
      [oldVisit, recentVisit],
    );
    const queue = new Queue('analytics', { connection: { url: TEST_REDIS_URL }, prefix: t.redisKeyPrefix });
    try {
      await queue.add('rollup-visits', {});
      await until(
        async () => (await t.sql.query(`SELECT 1 FROM analytics.page_visits WHERE visitor_id = 'visitor-old'`)).rowCount === 0,
        5000,
        'the 14-month-old visit to be deleted',
      );
      expect((await t.sql.query(`SELECT 1 FROM analytics.page_visits WHERE visitor_id = 'visitor-recent'`)).rowCount).toBe(1);
      expect((await t.sql.query(`SELECT visitor_id FROM analytics.visits WHERE visitor_id IN ('visitor-old', 'visitor-recent')`)).rows).toEqual([
        { visitor_id: 'visitor-recent' },
      ]);
    } finally {
      await queue.close();
    }
  });
});
