import { decodeEnvelope, natsSubject } from '@lbf/proto-events';
import { gatewayHeaders, TEST_REDIS_URL, until, wsClient } from '@lbf/service-kit/testing';
import { Queue } from 'bullmq';
import type { Client as WsClient } from 'graphql-ws';
import { previousDay, siteDay } from '../src/domain/site-day';
import { NIGHTLY_ROLLUP_PATTERN, NIGHTLY_ROLLUP_SCHEDULER } from '../src/jobs/rollup-visits';
import { setupAnalytics, type AnalyticsTestContext, type Counters } from './support';

let t: AnalyticsTestContext;
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

describe('recording a page visit', () => {
  it('stores the path, user agent, visitor id and time of the visit, and visits today go up by one', async () => {
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
    expect((await t.counters()).visitsToday).toBe(before.visitsToday + 3);
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

  it('recomputes yesterday’s count from the stored visits when it has drifted', async () => {
    const yesterday = previousDay(siteDay(new Date(), 'Africa/Douala'));
    const at = `${yesterday}T12:00:00+01:00`;
    await t.sql.query(
      `INSERT INTO analytics.page_visits (id, path, visitor_id, user_agent, not_found, visited_at, day)
       VALUES (gen_random_uuid(), '/', 'visitor-yesterday', NULL, false, $1, $2), (gen_random_uuid(), '/videos', 'visitor-yesterday', NULL, false, $1, $2)`,
      [at, yesterday],
    );
    await t.sql.query(`INSERT INTO analytics.daily_counters (day, visits) VALUES ($1, 99) ON CONFLICT (day) DO UPDATE SET visits = 99`, [yesterday]);

    const queue = new Queue('analytics', { connection: { url: TEST_REDIS_URL }, prefix: t.redisKeyPrefix });
    try {
      await queue.add('rollup-visits', {});
      await until(
        async () => (await t.sql.query(`SELECT visits FROM analytics.daily_counters WHERE day = $1`, [yesterday])).rows[0]?.visits === 2,
        5000,
        'yesterday’s count to be recomputed',
      );
    } finally {
      await queue.close();
    }
  });

  it('deletes visit details older than 13 months and keeps the others', async () => {
    await t.sql.query(
      `INSERT INTO analytics.page_visits (id, path, visitor_id, user_agent, not_found, visited_at, day) VALUES
        (gen_random_uuid(), '/old', 'visitor-old', NULL, false, now() - interval '14 months', (now() - interval '14 months')::date),
        (gen_random_uuid(), '/recent', 'visitor-recent', NULL, false, now() - interval '12 months', (now() - interval '12 months')::date)`,
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
    } finally {
      await queue.close();
    }
  });
});
